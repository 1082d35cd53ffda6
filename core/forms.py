"""Account forms for players and organisers."""

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A new account: a user name, an optional e-mail address and a password twice."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Optional: organisers may use it to reach you about an event."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
