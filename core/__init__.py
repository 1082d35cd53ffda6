"""Site-wide pieces that belong to no domain app: home page, navigation, demo data loader."""
