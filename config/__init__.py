"""Project configuration package (settings, URLs, ASGI/WSGI entry points, Celery app).

Importing the Celery app here makes `@shared_task` in the apps bind to it as soon as Django
starts, in the web process as well as in a worker.
"""

from config.celery import app as celery_app

__all__ = ("celery_app",)
