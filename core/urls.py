from allauth.account import views as allauth_views
from django.urls import path

from core import help_pages, views
from core.accounts import views as account_views

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    # allauth's own views, under the names the site's pages and tests have always used; allauth
    # serves them under its names too (account_login, …) from config.urls.
    path("accounts/login/", allauth_views.login, name="login"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    path("accounts/signup/", allauth_views.signup, name="signup"),
    path("accounts/settings/", account_views.account_settings, name="account_settings"),
    path("help/start-positions/", help_pages.start_positions, name="help_start_positions"),
]
