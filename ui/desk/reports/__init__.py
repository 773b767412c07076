"""What the desk reads out of the progress: the charts, the answers given (replayed), the
reports, bundles and gradebooks (``exports``, its jobs' words and the bundle's source)."""
