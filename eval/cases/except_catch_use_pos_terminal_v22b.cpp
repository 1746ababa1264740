// Point-of-sale terminal talking to the card acquirer. Each sale opens a
// PaymentSession to the acquirer host, authorizes, closes the session and then
// prints the receipt and journals the sale. Failures are handled in catch
// blocks that void or abort the transaction on the host.
// Defects: checkout() closes the session inside the try and, when the receipt
// printer jams afterwards, sends the reversal on the closed session;
// refund() closes in the try and closes again in the catch when journaling
// fails after the close. preauthorize() and settleBatch() are correct: their
// catch blocks can only be entered from calls made before the close.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>

struct HostError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct PrinterJam : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Sale {
  std::string id;
  long cents = 0;
  std::string pan;
};

// One TCP session to the acquirer. authorize()/send() throw std::logic_error
// once the session is closed and HostError on network or host failures (the
// session stays open). close() a second time throws std::logic_error
// ("session already closed"); the destructor closes only a still-open session.
class PaymentSession {
public:
  explicit PaymentSession(int sock) : sock_(sock) {}
  ~PaymentSession() {
    if (sock_ >= 0)
      ::close(sock_);
  }
  PaymentSession(const PaymentSession &) = delete;
  PaymentSession &operator=(const PaymentSession &) = delete;

  void send(const std::string &msg) {
    if (sock_ < 0)
      throw std::logic_error("payment session closed");
    if (::send(sock_, msg.data(), msg.size(), MSG_NOSIGNAL) < 0)
      throw HostError("acquirer unreachable");
  }

  std::string authorize(const Sale &sale) {
    send("AUTH " + sale.id + " " + std::to_string(sale.cents) + " " + sale.pan);
    char reply[64] = {};
    if (::recv(sock_, reply, sizeof reply - 1, 0) <= 0)
      throw HostError("no reply from acquirer");
    if (reply[0] != 'A')
      throw HostError(std::string("declined: ") + reply);
    return std::string(reply + 1);
  }

  void close() {
    if (sock_ < 0)
      throw std::logic_error("session already closed");
    ::close(sock_);
    sock_ = -1;
  }

private:
  int sock_;
};

int connectAcquirer();
void printReceipt(const Sale &sale, const std::string &authCode); // throws PrinterJam
void journalSale(const Sale &sale, const char *kind);            // throws std::system_error
void beep() noexcept;
void showOnDisplay(const char *text) noexcept;

bool checkout(const Sale &sale) {
  PaymentSession session(connectAcquirer());
  try {
    std::string code = session.authorize(sale);
    session.close();
    printReceipt(sale, code);
    journalSale(sale, "SALE");
    return true;
  } catch (const PrinterJam &) {
    // no receipt, no sale: void it on the host
    session.send("REVERSAL " + sale.id); // BUG: use-after-close
    return false;
  } catch (const HostError &e) {
    std::fprintf(stderr, "sale %s failed: %s\n", sale.id.c_str(), e.what());
    session.close(); // OK: HostError comes only from authorize(), before close()
    return false;
  }
}

void refund(const Sale &sale) {
  PaymentSession session(connectAcquirer());
  try {
    session.send("REFUND " + sale.id + " " + std::to_string(sale.cents));
    session.close();
    journalSale(sale, "REFUND");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "refund %s: %s\n", sale.id.c_str(), e.what());
    session.close(); // BUG: double-close
  }
}

std::string preauthorize(const Sale &sale) {
  PaymentSession session(connectAcquirer());
  std::string code;
  try {
    code = session.authorize(sale);
  } catch (...) {
    session.close();
    throw;
  }
  session.close(); // OK: the catch rethrows, so only the success path gets here
  return code;
}

void settleBatch(PaymentSession &session, const std::string &batch) {
  try {
    session.send("SETTLE " + batch);
    session.close();
    beep();
    showOnDisplay("BATCH SETTLED");
  } catch (const HostError &) {
    session.send("ABORT " + batch); // OK: only send() throws HostError, before close()
    session.close(); // OK: the close in the try did not run
  }
}
