print("release notes")
