"""What a player may know: observations, information states, resampling, tensors."""
