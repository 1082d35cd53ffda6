"""``/ratings/``: the rating lists (included under the ``ratings`` namespace)."""

from django.urls import path

from players import views_ratings

app_name = "ratings"

urlpatterns = [
    path("", views_ratings.ratings_index, name="index"),
    path("<str:key>/", views_ratings.ratings_pool, name="pool"),
]
