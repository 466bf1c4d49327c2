"""parse → normalise → chunk: from files under raw/ to parents and children."""
