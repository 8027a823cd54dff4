print("canvas-demo: under construction")
