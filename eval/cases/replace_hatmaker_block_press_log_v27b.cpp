// Press log of a hatmaker's blocking room. Each felt hood pressed on a hat
// block is logged to the current shift's PressLog (a FILE*-backed log whose
// line() throws once it is closed), held in a std::optional. Rotation resets
// or re-emplaces the optional; the shift-change handler closes the log and
// emplaces a new one only when the shift number actually changed.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

class PressLog {
public:
  explicit PressLog(const std::string &path) : path_(path) {
    f_ = std::fopen(path.c_str(), "a");
    if (!f_)
      throw std::runtime_error("cannot open press log " + path);
  }
  ~PressLog() {
    if (f_)
      std::fclose(f_);
  }
  PressLog(const PressLog &) = delete;
  PressLog &operator=(const PressLog &) = delete;

  void line(const std::string &text) {
    if (!f_)
      throw std::runtime_error("press log closed: " + path_);
    std::fprintf(f_, "%s\n", text.c_str());
    bytes_ += text.size() + 1;
  }

  void close() {
    if (!f_)
      return;
    std::fclose(f_);
    f_ = nullptr;
  }

  long bytes() const { return bytes_; }

private:
  std::string path_;
  std::FILE *f_ = nullptr;
  long bytes_ = 0;
};

struct Hood {
  std::string style; // "fedora", "homburg", ...
  int blockSize = 57;
  int steamSeconds = 0;
};

class BlockingRoom {
public:
  explicit BlockingRoom(std::string dir) : dir_(std::move(dir)) {
    log_.emplace(pathFor(shift_, part_));
  }

  void pressed(const Hood &h) {
    if (!log_)
      log_.emplace(pathFor(shift_, ++part_));
    if (log_->bytes() > kRotateBytes) {
      log_->close();
      log_.reset();
      log_.emplace(pathFor(shift_, ++part_));
    }
    const std::string entry = h.style + " " + std::to_string(h.blockSize) + " " + std::to_string(h.steamSeconds) + "s";
    log_->line(entry); // OK
  }

  void shiftChange(int shift) {
    if (!log_)
      return;
    log_->close();
    if (shift != shift_) {
      shift_ = shift;
      part_ = 0;
      log_.emplace(pathFor(shift_, part_));
    }
    log_->line("shift " + std::to_string(shift) + " starts"); // BUG: use-after-close
  }

  void steamerFault(const std::string &why) {
    if (!log_)
      return;
    log_->line("steamer fault: " + why);
    log_->close();
    log_.reset();
  }

  void note(const std::string &text) {
    if (!log_)
      return;
    log_->line(text); // OK
  }

  void resumeAfterFault() {
    if (!log_)
      log_.emplace(pathFor(shift_, ++part_));
    log_->line("steamer back in service"); // OK
  }

private:
  static constexpr long kRotateBytes = 1L << 20;

  std::string pathFor(int shift, int part) const {
    return dir_ + "/press-s" + std::to_string(shift) + "-" + std::to_string(part) + ".log";
  }

  std::string dir_;
  std::optional<PressLog> log_;
  int shift_ = 1;
  int part_ = 0;
};
