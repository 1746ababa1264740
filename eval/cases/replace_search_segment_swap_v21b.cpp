// Search indexing shard: each index segment is a POSIX descriptor owned by a
// move-only SegmentFile (destructor and reset() close it; a moved-from or
// reset SegmentFile holds -1). A commit writes the staging segment, swaps it
// with the active one, then resets the staging side, which now holds the old
// segment. The compaction helper reuses one int descriptor variable for two
// files. Negative case: every read/write after a close goes through a handle
// that was swapped or reassigned to an open descriptor, and reset() and the
// destructor never close the same descriptor twice (they check fd_ >= 0 and
// clear it).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace search {

class SegmentFile {
public:
  SegmentFile() = default;
  SegmentFile(const std::string &path, int flags) : fd_(::open(path.c_str(), flags, 0644)) {}
  SegmentFile(SegmentFile &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  SegmentFile &operator=(SegmentFile &&o) noexcept {
    if (this != &o) {
      reset();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~SegmentFile() { reset(); }

  void reset() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  void swap(SegmentFile &o) noexcept { std::swap(fd_, o.fd_); }
  bool valid() const { return fd_ >= 0; }
  ssize_t append(const std::string &bytes) { return ::write(fd_, bytes.data(), bytes.size()); }
  ssize_t readAt(char *buf, size_t n, off_t off) const { return ::pread(fd_, buf, n, off); }
  int sync() { return ::fsync(fd_); }

private:
  int fd_ = -1;
};

class IndexShard {
public:
  explicit IndexShard(std::string dir)
      : dir_(std::move(dir)), active_(dir_ + "/seg-0", O_RDWR | O_CREAT) {}

  bool commit(const std::vector<std::string> &postings) {
    SegmentFile staging(dir_ + "/seg-" + std::to_string(++gen_), O_RDWR | O_CREAT | O_TRUNC);
    if (!staging.valid())
      return false;
    for (const std::string &p : postings)
      staging.append(p + "\n");
    if (staging.sync() != 0)
      return false;
    active_.swap(staging);
    staging.reset(); // closes the previous active segment
    char head[16] = {};
    active_.readAt(head, sizeof head - 1, 0); // OK: active_ holds the new segment after swap()
    std::printf("gen %d starts with %s\n", gen_, head);
    return true;
  } // staging's destructor sees fd_ == -1 after reset(): nothing closed twice

  // Replaces the active segment by moving a rebuilt one into it.
  void install(SegmentFile rebuilt) {
    active_ = std::move(rebuilt); // the move assignment closes the old segment
    char head[16] = {};
    active_.readAt(head, sizeof head - 1, 0); // OK: active_ now owns the rebuilt descriptor
  }

  // Concatenates two segments into a third, reusing one descriptor variable.
  bool compact(const std::string &a, const std::string &b, const std::string &out) {
    int dst = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (dst < 0)
      return false;
    int src = ::open(a.c_str(), O_RDONLY);
    if (src < 0) {
      ::close(dst);
      return false;
    }
    copyAll(src, dst);
    ::close(src);
    src = ::open(b.c_str(), O_RDONLY);
    if (src >= 0) {
      copyAll(src, dst); // OK: src was reassigned to the second segment
      ::close(src); // OK: closes the second segment's descriptor
    }
    ::fsync(dst);
    ::close(dst);
    return src >= 0;
  }

private:
  static void copyAll(int src, int dst) {
    char buf[8192];
    ssize_t n;
    while ((n = ::read(src, buf, sizeof buf)) > 0)
      if (::write(dst, buf, static_cast<size_t>(n)) != n)
        break;
  }

  std::string dir_;
  SegmentFile active_;
  int gen_ = 0;
};

} // namespace search

int main() {
  search::IndexShard shard("/tmp");
  shard.commit({"apple:1,4,9", "banana:2", "cherry:3,7"});
  shard.commit({"apple:1,4,9,12", "date:5"});
  shard.compact("/tmp/seg-1", "/tmp/seg-2", "/tmp/seg-merged");
  shard.install(search::SegmentFile("/tmp/seg-merged", O_RDONLY));
  return 0;
}
