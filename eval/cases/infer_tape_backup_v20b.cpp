// Backup agent: files are streamed to a TapeDrive and their checksums to a
// ChecksumLog. The two classes close differently:
//  - TapeDrive::close() rewinds and ejects the cartridge; calling it on an
//    already ejected drive throws std::logic_error("tape already ejected").
//    write() throws once the tape is closed.
//  - ChecksumLog::close() is idempotent: a second call returns early.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TapeDrive {
public:
  explicit TapeDrive(std::string label) : label_(std::move(label)) {}
  ~TapeDrive() {
    if (loaded_)
      close();
  }
  void write(const std::string &block);
  void close();
  bool loaded() const { return loaded_; }

private:
  std::string label_;
  long blocks_ = 0;
  bool loaded_ = true;
};

void TapeDrive::write(const std::string &block) {
  if (!loaded_)
    throw std::runtime_error("tape " + label_ + " is not loaded");
  blocks_ += static_cast<long>(block.size() / 512 + 1);
}

void TapeDrive::close() {
  if (!loaded_)
    throw std::logic_error("tape " + label_ + " already ejected");
  std::cout << "rewind+eject " << label_ << " after " << blocks_ << " blocks\n";
  loaded_ = false;
}

class ChecksumLog {
public:
  ~ChecksumLog() { close(); }
  void write(const std::string &line) {
    if (!closed_)
      lines_.push_back(line);
  }
  void close() {
    if (closed_)
      return;
    std::cout << "checksum log: " << lines_.size() << " entries\n";
    closed_ = true;
  }

private:
  std::vector<std::string> lines_;
  bool closed_ = false;
};

static std::string checksum(const std::string &data) {
  unsigned long h = 1469598103934665603UL;
  for (unsigned char c : data)
    h = (h ^ c) * 1099511628211UL;
  return std::to_string(h);
}

static void verifyCatalog(const std::vector<std::string> &files) {
  for (const std::string &f : files)
    if (f.find("..") != std::string::npos)
      throw std::runtime_error("catalog rejects path " + f);
}

static void ejectTape(TapeDrive &tape) {
  std::cout << "operator: eject requested\n";
  tape.close(); // SAME: eject
}

// Nightly run: if catalog verification fails after the tape was already
// ejected, the error handler ejects it again.
static void nightlyBackup(TapeDrive &tape, ChecksumLog &log,
                          const std::vector<std::string> &files) {
  try {
    for (const std::string &f : files) {
      tape.write(f);
      log.write(f + " " + checksum(f));
    }
    tape.close();
    log.close();
    verifyCatalog(files);
  } catch (const std::exception &e) {
    std::cerr << "backup failed: " << e.what() << "\n";
    log.close(); // OK: ChecksumLog::close() is idempotent
    tape.close(); // BUG: double-close
  }
}

// Weekly rotation: the log is closed twice (harmless for ChecksumLog), and
// the tape is closed and then handed to the operator's eject helper.
static void weeklyRotation(TapeDrive &tape, ChecksumLog &log) {
  tape.write("weekly-full.tar");
  log.write("weekly-full.tar " + checksum("weekly-full.tar"));
  log.close();
  log.close(); // OK: second close of an idempotent log is a no-op
  tape.close();
  ejectTape(tape); // BUG: double-close #eject
}

int main() {
  try {
    TapeDrive tape("LTO-0042");
    ChecksumLog log;
    nightlyBackup(tape, log, {"/etc/passwd", "/var/lib/../db/dump.sql"});
  } catch (const std::logic_error &e) {
    std::cerr << "nightly: " << e.what() << "\n";
  }
  {
    TapeDrive tape("LTO-0044");
    ChecksumLog log;
    nightlyBackup(tape, log, {"/etc/hosts"});
    log.close(); // OK: ChecksumLog::close() is idempotent
  } // OK: ~TapeDrive() closes only a loaded tape, ~ChecksumLog() is idempotent
  try {
    TapeDrive tape("LTO-0043");
    ChecksumLog log;
    weeklyRotation(tape, log);
  } catch (const std::exception &e) {
    std::cerr << "rotation: " << e.what() << "\n";
  }
  return 0;
}
