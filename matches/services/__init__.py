"""Services: every change to a match goes through one of the modules of this package."""
