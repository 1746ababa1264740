// Caviar packing room: sturgeon roe batches are graded by grain size, sealed into tins by a tin
// sealer on a serial line, and recorded in a ledger file. Grading throws RoeGradeError for
// undersized grain; the ledger throws when the file cannot be opened. The handlers run after a
// disconnect that may already have happened: on the packing path the ledger write comes after the
// disconnect, and the reject path calls the noexcept hang_up() helper and then keeps going.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct RoeGradeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Batch {
  int tin;
  int grams;
  double grain_mm;
};

struct Result {
  bool ok;
  std::string why;
};

class TinSealerLink {
 public:
  explicit TinSealerLink(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("tin sealer: cannot open " + dev);
  }
  ~TinSealerLink() {
    if (connected_) ::close(fd_);
  }
  void seal_tin(int tin, int grams) {
    if (!connected_) throw std::runtime_error("tin sealer disconnected");
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "SEAL %d %dg\n", tin, grams);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n) throw std::runtime_error("tin sealer: write failed");
  }
  void disconnect() {
    if (!connected_) throw std::runtime_error("tin sealer already disconnected");
    connected_ = false;
    ::close(fd_);
  }
  bool connected() const { return connected_; }

 private:
  int fd_;
  bool connected_ = true;
};

int grade_roe(const Batch& b) {
  if (b.grain_mm < 2.5) throw RoeGradeError("grain too small for tin " + std::to_string(b.tin));
  return b.grain_mm >= 3.2 ? 0 : 1;
}

void append_ledger(const Batch& b) {
  std::FILE* f = std::fopen("/var/lib/caviar/ledger.txt", "a");
  if (!f) throw std::runtime_error("ledger unavailable");
  std::fprintf(f, "tin %d %dg %.1fmm\n", b.tin, b.grams, b.grain_mm);
  std::fclose(f);
}

static void hang_up(TinSealerLink& sealer) noexcept {
  if (sealer.connected()) sealer.disconnect();  // OK: guarded, so it cannot throw
}

void pack_last_batch(TinSealerLink& sealer, const Batch& b) {
  try {
    int grade = grade_roe(b);
    sealer.seal_tin(b.tin, b.grams + grade);
    sealer.disconnect();
    append_ledger(b);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tin %d: %s\n", b.tin, e.what());
    sealer.seal_tin(b.tin, 0);  // BUG: use-after-close
  }
}

Result pack_checked(TinSealerLink& sealer, const Batch& b) {
  int grade = 0;
  try {
    grade = grade_roe(b);
  } catch (const RoeGradeError& e) {
    hang_up(sealer);
    return Result{false, e.what()};
  }
  sealer.seal_tin(b.tin, b.grams + grade);  // OK: the handler returned
  return Result{true, ""};
}

void reject_and_mark(TinSealerLink& sealer, const Batch& b) {
  try {
    grade_roe(b);
  } catch (const RoeGradeError& e) {
    std::fprintf(stderr, "reject: %s\n", e.what());
    hang_up(sealer);
  }
  sealer.seal_tin(b.tin, 0);  // BUG: use-after-close
}

void night_shift(TinSealerLink& sealer, const std::vector<Batch>& batches) {
  try {
    for (const Batch& b : batches) {
      try {
        int grade = grade_roe(b);
        sealer.seal_tin(b.tin, b.grams + grade);  // OK: disconnect only happens in the handler below
      } catch (const RoeGradeError&) {
        sealer.disconnect();
        throw;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "night shift stopped: %s\n", e.what());
    if (sealer.connected()) sealer.seal_tin(0, 0);  // OK: checked
    hang_up(sealer);  // OK: hang_up checks connected()
  }
}
