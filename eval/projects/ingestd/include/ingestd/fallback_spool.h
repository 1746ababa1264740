// Local spool file (std::ofstream) for media that could not be written to a
// segment file and for segments the uploader gave up on. Records are
// "kind, key length, key, payload length, payload". Thread-safe.
//
// append() and appendFile() after close() throw
// std::logic_error("spool closed"). close() writes the trailer record and
// closes the stream; a second close() throws
// std::logic_error("spool already closed") (it would otherwise append a
// second trailer to a finished spool). The destructor closes a spool that
// is still open.
#pragma once
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>

namespace ingestd {

class FallbackSpool {
public:
  explicit FallbackSpool(std::string path);
  ~FallbackSpool();
  FallbackSpool(const FallbackSpool &) = delete;
  FallbackSpool &operator=(const FallbackSpool &) = delete;

  bool open();
  void append(const std::string &streamKey, const std::string &bytes);
  void appendFile(const std::string &streamKey, const std::string &filePath);
  void close();
  bool isOpen() const;

private:
  void writeRecord(char kind, const std::string &key, const std::string &payload);

  mutable std::mutex mu_;
  std::string path_;
  std::ofstream out_;
  std::uint64_t records_ = 0;
};

} // namespace ingestd
