// Lumber yard kiln line. Boards leaving the dry kiln pass a moisture scanner
// and a grade stamper; results go to the yard office. The controller holds
// the scanner connection in a std::optional, the stamper in a unique_ptr and
// the office link by value, and replaces each of them when the device drops
// or the shift changes.
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "netconn.h"

struct Board {
  std::string tally;
  double lengthFt = 0.0;
  double moisturePct = 0.0;
  char grade = '2';
};

class KilnLine {
public:
  KilnLine(std::string scannerEp, std::string stamperEp, std::string officeEp)
      : scannerEp_(std::move(scannerEp)), stamperEp_(std::move(stamperEp)),
        officeEp_(std::move(officeEp)), scanner_(std::in_place, scannerEp_),
        stamper_(std::make_unique<net::Connection>(stamperEp_)),
        office_(officeEp_) {}

  void measure(const Board &board) {
    if (!scanner_)
      return;
    scanner_->send("SCAN " + board.tally);
  }

  void onScannerTimeout() {
    if (scanner_)
      scanner_->close();
    scanner_.reset();
    scanner_.emplace(scannerEp_);
    scanner_->send("RESYNC"); // OK
  }

  void onScannerFault(bool hardFault) {
    if (!scanner_)
      return;
    scanner_->close();
    if (hardFault) {
      scanner_.reset();
      return;
    }
    scanner_.emplace(scannerEp_);
    scanner_->send("SELFTEST"); // OK
  }

  void stamp(const Board &board) {
    if (stamper_->isClosed()) {
      unstamped_ += 1;
      return;
    }
    stamper_->send(std::string("STAMP ") + board.grade + " " + board.tally);
  }

  void onStamperJam(const Board &board) {
    stamper_->close();
    if (stamperRestarts_ < kMaxStamperRestarts) {
      stamper_ = std::make_unique<net::Connection>(stamperEp_);
      ++stamperRestarts_;
    }
    stamper_->send(std::string("RESTAMP ") + board.grade + " " + board.tally); // BUG: use-after-close
  }

  void onStamperService() {
    stamper_->close();
    stamper_ = std::make_unique<net::Connection>(stamperEp_);
    stamperRestarts_ = 0;
    stamper_->send("HOME"); // OK
  }

  void report(const Board &board) {
    if (office_.isClosed())
      return;
    office_.send(board.tally + " " + std::to_string(board.moisturePct));
  }

  void onOfficeSwitchover(const std::string &standbyEp) {
    net::Connection standby(standbyEp);
    office_.close();
    std::swap(office_, standby);
    office_.send("SWITCHOVER"); // OK
    standby.close(); // OK
  }

  void endOfShift(bool nightShiftRunning) {
    office_.send("SHIFT END");
    office_.close();
    if (nightShiftRunning)
      office_ = net::Connection(officeEp_);
    office_.flush(); // BUG: use-after-close
  }

  void startOfShift() {
    office_.close();
    office_ = net::Connection(officeEp_);
    office_.send("SHIFT START"); // OK
  }

private:
  static constexpr int kMaxStamperRestarts = 3;

  std::string scannerEp_;
  std::string stamperEp_;
  std::string officeEp_;
  std::optional<net::Connection> scanner_;
  std::unique_ptr<net::Connection> stamper_;
  net::Connection office_;
  int stamperRestarts_ = 0;
  int unstamped_ = 0;
};
