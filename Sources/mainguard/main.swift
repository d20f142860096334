print("mainguard")
