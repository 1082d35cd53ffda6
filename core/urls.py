from django.contrib.auth.views import LogoutView
from django.urls import path

from core import accounts, help_pages, views

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", accounts.SiteLoginView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("help/start-positions/", help_pages.start_positions, name="help_start_positions"),
]
