// GzipWriter: writes a gzip file through zlib. close() finishes the stream
// and returns false if zlib reported an error; calling it on a closed stream
// throws std::logic_error. The destructor only releases a stream that was
// never closed.
#pragma once
#include <cstddef>
#include <string>
#include <zlib.h>

namespace fleetd {

class GzipWriter {
public:
  explicit GzipWriter(const std::string &path, int level = 6);
  ~GzipWriter();
  GzipWriter(const GzipWriter &) = delete;
  GzipWriter &operator=(const GzipWriter &) = delete;

  bool write(const void *data, std::size_t len);
  bool close();
  const std::string &path() const { return path_; }

private:
  std::string path_;
  gzFile gz_ = nullptr;
};

} // namespace fleetd
