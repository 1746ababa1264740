// File helpers for the uploader: whole-file reads and part streaming.
#include "ingestd/upload_parts.h"
#include "ingestd/upload_session.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ingestd {

std::string readWholeFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + path);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw std::runtime_error("read error on " + path);
  return bytes;
}

bool streamFileParts(const std::string &path, UploadSession &upload, std::size_t partSize) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    upload.abort();
    return false;
  }
  std::string buf(partSize, '\0');
  while (in) {
    in.read(&buf[0], static_cast<std::streamsize>(buf.size()));
    const std::streamsize n = in.gcount();
    if (n > 0)
      upload.writePart(buf.substr(0, static_cast<std::size_t>(n)));
  }
  if (in.bad()) {
    upload.abort();
    return false;
  }
  return true;
}

} // namespace ingestd
