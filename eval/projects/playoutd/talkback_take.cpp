// TalkbackRecorder: one take of producer talkback written to a raw PCM file,
// with text markers interleaved as tagged records. The destructor closes it;
// write() and writeMarker() refuse a take whose file did not open.
#include "talkback_take.h"

#include <cstdint>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace {
struct RecordHeader {
  uint32_t tag;
  uint32_t bytes;
};
constexpr uint32_t kAudioTag = 0x41554431; // "AUD1"
constexpr uint32_t kMarkTag = 0x4d524b31;  // "MRK1"
} // namespace

TalkbackRecorder::TalkbackRecorder(const std::string &path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
}

TalkbackRecorder::~TalkbackRecorder() {
  if (fd_ >= 0)
    ::close(fd_);
}

void TalkbackRecorder::write(const std::vector<int16_t> &pcm) {
  if (fd_ < 0)
    throw std::runtime_error("talkback take " + path_ + " not open");
  const RecordHeader hdr{kAudioTag,
                         static_cast<uint32_t>(pcm.size() * sizeof(int16_t))};
  if (::write(fd_, &hdr, sizeof hdr) < 0 ||
      ::write(fd_, pcm.data(), hdr.bytes) < 0)
    throw std::runtime_error("talkback take " + path_ + ": write failed");
}

void TalkbackRecorder::writeMarker(const std::string &text) {
  if (fd_ < 0)
    throw std::runtime_error("talkback take " + path_ + " not open");
  const RecordHeader hdr{kMarkTag, static_cast<uint32_t>(text.size())};
  if (::write(fd_, &hdr, sizeof hdr) < 0 ||
      ::write(fd_, text.data(), text.size()) < 0)
    throw std::runtime_error("talkback take " + path_ + ": write failed");
}
