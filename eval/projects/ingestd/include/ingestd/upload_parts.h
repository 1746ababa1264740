// File helpers for the uploader.
#pragma once
#include <cstddef>
#include <string>

namespace ingestd {

class UploadSession;

// Reads the whole file; throws std::runtime_error when it cannot be read.
std::string readWholeFile(const std::string &path);

// Streams the file into the upload in parts of partSize bytes. When the file
// cannot be opened or a read fails, the upload is aborted and false is
// returned. Does not close the upload.
bool streamFileParts(const std::string &path, UploadSession &upload, std::size_t partSize);

} // namespace ingestd
