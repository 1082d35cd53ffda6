from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("bell/", views.bell_fragment, name="bell"),
    path("read/", views.notification_read_all, name="read_all"),
    path("email/", views.email_choice, name="email_choice"),
    path("<int:notification_id>/open/", views.notification_follow, name="open"),
    path("<int:notification_id>/read/", views.notification_read, name="read"),
]
