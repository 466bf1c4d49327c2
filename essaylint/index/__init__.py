"""embed → index: vectors for children and the LanceDB tables that hold them."""
