// A public method that closes and then opens again through a private helper
// (`rotate() { close(); openNext(); }`) leaves the object open: it is not a
// close, and the private helper that opens on every normal return is the
// protocol's reopen. A helper that returns early before it opens
// (`tryOpenNext()` when fopen failed) is not a reopen: after tryRotate() the
// journal is reported closed (its reopening on success is not followed).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <cstdio>
#include <stdexcept>
#include <string>

class SegmentJournal {
public:
  explicit SegmentJournal(std::string Base) : base_(std::move(Base)) { openNext(); }
  void append(const std::string &Line) {
    if (!fp_)
      throw std::logic_error("journal closed");
    std::fprintf(fp_, "%s\n", Line.c_str());
  }
  void close() {
    if (fp_)
      std::fclose(fp_);
    fp_ = nullptr;
  }
  void rotate() {
    close();
    openNext();
  }
  bool tryRotate() {
    close();
    return tryOpenNext();
  }

private:
  void openNext() {
    fp_ = std::fopen((base_ + std::to_string(gen_++)).c_str(), "a");
    if (!fp_)
      throw std::runtime_error("cannot open the next segment");
  }
  bool tryOpenNext() {
    std::FILE *F = std::fopen((base_ + std::to_string(gen_++)).c_str(), "a");
    if (!F)
      return false;
    fp_ = F;
    return true;
  }
  std::string base_;
  int gen_ = 0;
  std::FILE *fp_ = nullptr;
};

// LIST: SegmentJournal: closed when 'fp_' holds no handle
// LIST-NEXT: close close()
// LIST-NEXT: use append()
// LIST-NEXT: reopen openNext()

void rotated(SegmentJournal &J) {
  J.rotate();
  J.append("after rotation");
}

void closedThenRotated(SegmentJournal &J) {
  J.close();
  J.rotate();
  J.append("after rotation");
}

void triedRotation(SegmentJournal &J) {
  J.tryRotate();
  J.append("maybe closed");
  // CHECK: [[@LINE-1]]:5: warning: call to 'append' on 'J' after it was closed [errlint-use-after-close]
}

void closed(SegmentJournal &J) {
  J.close();
  J.append("closed");
  // CHECK: [[@LINE-1]]:5: warning: call to 'append' on 'J' after it was closed [errlint-use-after-close]
}
