// SpoolFile over a FILE*: append() throws when the spool is closed, close()
// throws when it is called on a closed spool, open() reopens after a close,
// the destructor fcloses directly what is still open. No bug and no quiet
// line here: the callers are in bootstrap.cpp, admin.cpp and server.cpp.
#include "gateway/spool.h"

#include <stdexcept>

namespace gateway {

SpoolFile::~SpoolFile() {
  if (fp_ != nullptr)
    std::fclose(fp_);
}

bool SpoolFile::open(const std::string &path) {
  if (fp_ != nullptr)
    throw std::logic_error("spool " + path_ + " is already open");
  fp_ = std::fopen(path.c_str(), "a");
  if (fp_ == nullptr)
    return false;
  path_ = path;
  return true;
}

void SpoolFile::append(const std::string &line) {
  if (fp_ == nullptr)
    throw std::runtime_error("spool " + path_ + " is closed");
  if (std::fputs(line.c_str(), fp_) < 0 || std::fputc('\n', fp_) == EOF)
    throw std::runtime_error("spool " + path_ + ": write failed");
}

void SpoolFile::close() {
  if (fp_ == nullptr)
    throw std::logic_error("spool " + path_ + " closed twice");
  std::FILE *fp = fp_;
  fp_ = nullptr;
  if (std::fclose(fp) != 0)
    throw std::runtime_error("spool " + path_ + ": close failed");
}

} // namespace gateway
