struct DemoWidget {}
