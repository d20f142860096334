enum Examples62Placeholder {}
