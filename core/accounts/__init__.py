"""Players' accounts, on django-allauth: sign-up with e-mail verification, log-in by user name or
e-mail address, password reset, and the change of password and e-mail are allauth's own flows
(``allauth.account``); this package adds what the site needs around them (docs/accounts.md):

* ``profiles``: the player profile (display name, language, time zone, search privacy), its
  checks and its one writer;
* ``forms``: the log-in form that keeps the page's ``username`` field, the sign-up form's
  display name, and the account settings form;
* ``adapter`` and ``stages``: allauth's hooks (the site's e-mail verification rule for accounts
  older than e-mail);
* ``preferences``: the middleware that speaks the player's language and shows times in their
  time zone, and the session copy of both that spares it a query per request;
* ``receivers``: a profile for every new account, preferences remembered at log-in;
* ``views``: the account settings page and the language switcher.
"""
