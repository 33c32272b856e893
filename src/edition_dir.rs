//! Reading an edition's data files from a folder: the I/O shell around the pure `engine` edition loader.
