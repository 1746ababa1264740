// BlockWriter: coalesces small records into large fwrite calls.
#include "block_writer.h"

#include <cerrno>
#include <cstring>
#include <system_error>

namespace histd {

BlockWriter::BlockWriter(std::size_t blockSize) : buf_(blockSize) {}

BlockWriter::~BlockWriter() {
  if (fp_ && used_ > 0)
    writeOut(); // BUG: use-after-close #spill-member-order
}

bool BlockWriter::writeOut() {
  const std::size_t n = std::fwrite(buf_.data(), 1, used_, fp_); // SAME: spill-member-order
  if (n != used_) {
    std::memmove(buf_.data(), buf_.data() + n, used_ - n);
    used_ -= n;
    return false;
  }
  used_ = 0;
  return true;
}

void BlockWriter::put(const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    if (used_ == buf_.size())
      flush();
    const std::size_t take = std::min(len, buf_.size() - used_);
    std::memcpy(buf_.data() + used_, p, take);
    used_ += take;
    p += take;
    len -= take;
  }
}

void BlockWriter::flush() {
  if (used_ == 0)
    return;
  if (!fp_)
    throw std::logic_error("block writer has no file");
  if (!writeOut())
    throw std::system_error(errno, std::generic_category(), "block write");
}

} // namespace histd
