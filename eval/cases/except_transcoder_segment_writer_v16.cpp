// Segment writer of a video transcoder (HLS packaging). Each encoded segment is
// written to its own file through a POSIX descriptor, then renamed into the
// published directory; segment names are appended to the playlist through a
// FILE* owned by a unique_ptr with a closing deleter. Encoding failures are
// reported with EncodeError; publishing failures with std::system_error.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

struct EncodeError : std::runtime_error { using std::runtime_error::runtime_error; };

struct Frame {
  std::vector<unsigned char> data;
};

struct FileCloser {
  void operator()(std::FILE *f) const {
    if (f)
      std::fclose(f); // SAME: playlist
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

static void writeSegmentHeader(int fd, int sequence) {
  const std::string hdr = "SEG1 " + std::to_string(sequence) + "\n";
  if (::write(fd, hdr.data(), hdr.size()) != static_cast<ssize_t>(hdr.size()))
    throw EncodeError("short header write");
}

static void encodeFrames(int fd, const std::vector<Frame> &frames) {
  for (const Frame &f : frames) {
    if (f.data.empty())
      throw EncodeError("empty frame from decoder");
    if (::write(fd, f.data.data(), f.data.size()) < 0)
      throw EncodeError("frame write failed");
  }
}

static void publishSegment(const std::string &tmp, const std::string &dst) {
  if (std::rename(tmp.c_str(), dst.c_str()) != 0)
    throw std::system_error(errno, std::generic_category(), "publish " + dst);
}

bool writeSegment(const std::string &path, int sequence, const std::vector<Frame> &frames) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  bool good = true;
  try {
    writeSegmentHeader(fd, sequence);
    encodeFrames(fd, frames);
  } catch (const EncodeError &e) {
    std::fprintf(stderr, "segment %d: %s\n", sequence, e.what());
    ::close(fd);
    ::unlink(path.c_str());
    good = false;
  }
  ::close(fd); // BUG: double-close
  return good;
}

bool writeSegmentWithTrailer(const std::string &path, int sequence, const std::vector<Frame> &frames) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  try {
    writeSegmentHeader(fd, sequence);
    encodeFrames(fd, frames);
  } catch (const EncodeError &e) {
    ::close(fd);
    ::unlink(path.c_str());
    return false;
  }
  const char trailer[] = "END\n";
  ::write(fd, trailer, sizeof trailer - 1); // OK: the handler returned, fd is open here
  ::close(fd); // OK: single close on the success path
  return true;
}

void finalizeSegment(const std::string &tmp, const std::string &dst, int sequence) {
  int fd = ::open(tmp.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "reopen " + tmp);
  try {
    writeSegmentHeader(fd, sequence);
    ::close(fd);
    publishSegment(tmp, dst);
  } catch (const EncodeError &) {
    ::close(fd); // OK: EncodeError only comes from writeSegmentHeader, before the close
    throw;
  }
}

void finalizeSegmentLoosely(const std::string &tmp, const std::string &dst, int sequence) {
  int fd = ::open(tmp.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0)
    return;
  try {
    writeSegmentHeader(fd, sequence);
    ::close(fd);
    publishSegment(tmp, dst);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "finalize %s: %s\n", dst.c_str(), e.what());
    ::close(fd); // BUG: double-close
  }
}

bool appendPlaylist(const std::string &playlist, const std::vector<std::string> &segments) {
  FilePtr pl(std::fopen(playlist.c_str(), "a"));
  if (!pl)
    return false;
  bool good = true;
  try {
    for (const std::string &s : segments) {
      if (s.empty())
        throw EncodeError("segment without a name");
      std::fprintf(pl.get(), "#EXTINF:4.000,\n%s\n", s.c_str());
    }
  } catch (const EncodeError &e) {
    std::fclose(pl.get());
    good = false;
  }
  return good;
} // BUG: double-close #playlist

bool appendPlaylistSafely(const std::string &playlist, const std::vector<std::string> &segments) {
  FilePtr pl(std::fopen(playlist.c_str(), "a"));
  if (!pl)
    return false;
  try {
    for (const std::string &s : segments) {
      if (s.empty())
        throw EncodeError("segment without a name");
      std::fprintf(pl.get(), "#EXTINF:4.000,\n%s\n", s.c_str());
    }
  } catch (const EncodeError &e) {
    pl.reset();
    return false;
  }
  return true;
} // OK: reset() closed and released the FILE, the deleter only runs on a live pointer

int main() {
  std::vector<Frame> frames(3, Frame{{0x47, 0x40, 0x11}});
  std::vector<Frame> truncated = frames;
  truncated.push_back(Frame{});
  writeSegment("/tmp/seg00001.ts", 1, truncated);
  writeSegmentWithTrailer("/tmp/seg00002.ts", 2, frames);
  finalizeSegmentLoosely("/tmp/seg00002.ts", "/nonexistent/seg00002.ts", 2);
  appendPlaylist("/tmp/index.m3u8", {"seg00001.ts", ""});
  appendPlaylistSafely("/tmp/index.m3u8", {"seg00003.ts"});
  try {
    finalizeSegment("/tmp/seg00003.ts", "/tmp/pub/seg00003.ts", 3);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "finalize: %s\n", e.what());
  }
  return 0;
}
