// GzipWriter: thin RAII wrapper over zlib's gzFile for writing archives.
#include "gzip_writer.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace fleetd {

GzipWriter::GzipWriter(const std::string &path, int level) : path_(path) {
  std::string mode = "wb" + std::to_string(level);
  gz_ = ::gzopen(path.c_str(), mode.c_str());
  if (!gz_)
    throw std::system_error(errno, std::generic_category(), "gzopen " + path);
}

GzipWriter::~GzipWriter() {
  if (gz_)
    ::gzclose(gz_);
}

bool GzipWriter::write(const void *data, std::size_t len) {
  if (!gz_)
    throw std::logic_error("gzip stream " + path_ + " is closed");
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    unsigned chunk = len > (1u << 30) ? (1u << 30) : static_cast<unsigned>(len);
    int n = ::gzwrite(gz_, p, chunk);
    if (n <= 0)
      return false;
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool GzipWriter::close() {
  if (!gz_)
    throw std::logic_error("gzip stream " + path_ + " already closed");
  gzFile gz = gz_;
  gz_ = nullptr;
  return ::gzclose(gz) == Z_OK;
}

} // namespace fleetd
