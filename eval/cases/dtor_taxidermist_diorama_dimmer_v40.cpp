// Taxidermy studio gallery: every diorama case is lit by a dimmer pack on a serial line, and each
// scene change is appended to a cue sheet. The evening routine parks the dimmer link with a ScopeExit
// guard when its block ends; the cue sheet is a FILE* owned by a unique_ptr with an fclose deleter.
// Two late additions run after those scopes ended: the exit-sign channel and the "end scene" line.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DimmerLink {
 public:
  explicit DimmerLink(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0) throw std::runtime_error("dimmer: cannot open " + dev);
  }
  ~DimmerLink() {
    if (fd_ >= 0) ::close(fd_);  // OK: skipped when close() already ran
  }
  DimmerLink(const DimmerLink&) = delete;
  DimmerLink& operator=(const DimmerLink&) = delete;

  void set_level(int channel, int percent) {
    if (fd_ < 0) throw std::runtime_error("dimmer link closed");
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "L%02d=%03d\r", channel, percent);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n) throw std::runtime_error("dimmer: short write");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("dimmer link already closed");
    ::close(fd_);
    fd_ = -1;
  }
  bool is_open() const { return fd_ >= 0; }

 private:
  int fd_;
};

class ScopeExit {
 public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (fn_) fn_();
  }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;
  void dismiss() { fn_ = nullptr; }

 private:
  std::function<void()> fn_;
};

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};
using CueSheet = std::unique_ptr<std::FILE, FileCloser>;

constexpr int kHouseLights = 0;
constexpr int kExitSign = 31;

// Evening scene: every case dims to 40%, house lights up, then the link is parked.
void evening_scene(DimmerLink& link, const std::vector<int>& cases) {
  {
    ScopeExit park([&link] { link.close(); });
    for (int c : cases) link.set_level(c, 40);  // OK: the guard has not run yet
    link.set_level(kHouseLights, 100);          // OK: still inside the guarded block
  }
  link.set_level(kExitSign, 10);  // BUG: use-after-close
}

// Rehearsal: the link stays up when the curator keeps the gallery lit for photography.
void rehearse_scene(DimmerLink& link, const std::vector<int>& cases, bool keep_lit) {
  {
    ScopeExit park([&link] { link.close(); });
    for (int c : cases) link.set_level(c, 70);
    if (keep_lit) park.dismiss();
  }
  if (keep_lit) link.set_level(kHouseLights, 80);  // OK: guard dismissed on exactly this path
  if (link.is_open()) link.set_level(kExitSign, 10);  // OK: checked
}

// Appends the scene to the cue sheet; the sheet is closed when the if-statement ends.
void log_scene(const std::string& path, const std::vector<int>& cases, int scene) {
  std::FILE* out = nullptr;
  if (CueSheet sheet{std::fopen(path.c_str(), "a")}) {
    out = sheet.get();
    std::fprintf(out, "scene %d\n", scene);  // OK: sheet still owns the stream
    for (int c : cases) std::fprintf(out, "  case %d\n", c);  // OK
  }
  if (out) std::fprintf(out, "end scene %d\n", scene);  // BUG: use-after-close
}

// One display case owns its link; the destructor blacks the case out before the member closes.
class DioramaCase {
 public:
  DioramaCase(const std::string& dev, int channel) : link_(dev), channel_(channel) {}
  ~DioramaCase() {
    try {
      if (link_.is_open()) link_.set_level(channel_, 0);  // OK: members die after this body
    } catch (const std::exception&) {
    }
  }
  void show(int percent) { link_.set_level(channel_, percent); }
  void retire() { link_.close(); }

 private:
  DimmerLink link_;
  int channel_;
};

void showcase(const std::string& dev) {
  DioramaCase owl(dev, 4);
  owl.show(55);
  owl.retire();
}  // owl's destructor sees the closed link and skips the blackout
