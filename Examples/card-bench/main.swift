print("card-bench: under construction")
