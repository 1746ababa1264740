// Phlebotomy ward: after each draw, tube labels go to a LabelPrinter (a TCP
// socket to the ward printer). When a barcode fails verification the printer
// session is dropped so no wrong label goes out. Bugs: the tray handler drops
// the printer and then calls reprint_pending(), which prints on it, and the
// STAT label's outer handler prints a recheck label on the printer that the
// inner handler dropped before rethrowing. Correct:
// handlers that drop the printer and return or rethrow, a nested handler that
// falls back to a different printer, and a connected() check after a try whose
// last statement disconnects.
#include <sys/socket.h>
#include <unistd.h>

#include <deque>
#include <stdexcept>
#include <string>

class LabelPrinter {
 public:
  explicit LabelPrinter(int fd) : fd_(fd) {}
  void print(const std::string& label) {
    if (fd_ < 0) throw std::runtime_error("label printer disconnected");
    if (::send(fd_, label.data(), label.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("label printer: send failed");
  }
  void disconnect() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool connected() const { return fd_ >= 0; }

 private:
  int fd_;
};

struct BarcodeMismatch : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void verify(const std::string& label) {
  if (label.empty() || label.front() != 'P') throw BarcodeMismatch("barcode mismatch on " + label);
}

// Sends every queued label as one batch, headed so the ward can spot reprints.
void reprint_pending(LabelPrinter& p, std::deque<std::string>& pending) {
  std::string batch = "-- reprint --\n";
  for (const auto& label : pending) batch += label + "\n";
  p.print(batch);  // SAME: reprint
  pending.clear();
}

void safe_disconnect(LabelPrinter& p) noexcept { p.disconnect(); }

void label_tray(LabelPrinter& p, std::deque<std::string>& pending, const std::string& tube) {
  try {
    verify(tube);
    p.print(tube);
  } catch (const BarcodeMismatch&) {
    p.disconnect();
    reprint_pending(p, pending);  // BUG: use-after-close #reprint
  }
}

void label_draw(LabelPrinter& p, const std::string& tube) {
  try {
    verify(tube);
  } catch (const BarcodeMismatch&) {
    safe_disconnect(p);
    return;
  }
  p.print(tube);  // OK: the handler that disconnected returns
}

void label_urgent(LabelPrinter& ward, LabelPrinter& lab, const std::string& tube) {
  try {
    try {
      verify(tube);
      ward.print(tube);
    } catch (...) {
      ward.disconnect();
      throw;
    }
  } catch (const BarcodeMismatch&) {
    lab.print("RECHECK " + tube);  // OK: a different printer; ward is not touched again
  }
}

void label_stat(LabelPrinter& ward, const std::string& tube) {
  try {
    try {
      verify(tube);
      ward.print(tube);
    } catch (...) {
      ward.disconnect();
      throw;
    }
  } catch (const BarcodeMismatch&) {
    ward.print("RECHECK " + tube);  // BUG: use-after-close
  }
}

void end_of_round(LabelPrinter& p, const std::string& summary) {
  try {
    p.print(summary);
    p.disconnect();
  } catch (const std::exception&) {
    // send failed: the session stays as it was
  }
  if (p.connected()) p.print("round closed");  // OK: guarded by connected()
}
