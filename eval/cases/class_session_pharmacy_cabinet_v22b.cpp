// Ward client of an automated medication dispensing cabinet. A nurse's badge
// opens a CabinetSession on the cabinet controller; doses are dispensed and
// counted through it, and the session is closed (logged out) at the end.
// CabinetSession: dispense()/count() throw std::logic_error once closed;
// close() sends LOGOUT and releases the descriptor, a second close() throws;
// the destructor releases the descriptor only if close() was not called. A
// session built from an existing descriptor adopts it (the destructor closes it).
// Correct: medicationPass() closes once and lets the destructor skip;
// handover() checks isOpen() before counting.
// Defects: endOfShift() runs the narcotics count after logging out, inside the
// helper; witnessWaste() closes the adopted descriptor itself, and the
// session's destructor closes it again at the end of the scope.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct DoseOrder {
  std::string mrn;
  std::string drug; // "morphine 2 mg"
  int pocket = 0;
};

int connectCabinet(const std::string &host);
std::string transact(int fd, const std::string &request);

class CabinetSession {
public:
  CabinetSession(const std::string &host, const std::string &badge)
      : fd_(connectCabinet(host)) {
    login(badge);
  }
  CabinetSession(int adoptedFd, const std::string &badge) : fd_(adoptedFd) { login(badge); }
  ~CabinetSession() {
    if (!closed_)
      ::close(fd_); // SAME: waste_dtor
  }
  CabinetSession(const CabinetSession &) = delete;
  CabinetSession &operator=(const CabinetSession &) = delete;

  void dispense(const DoseOrder &o) {
    if (closed_)
      throw std::logic_error("cabinet session closed");
    transact(fd_, "DISPENSE " + o.mrn + " " + std::to_string(o.pocket));
  }
  int count(int pocket) {
    if (closed_)
      throw std::logic_error("cabinet session closed");
    return std::stoi(transact(fd_, "COUNT " + std::to_string(pocket)));
  }
  void close() {
    if (closed_)
      throw std::logic_error("cabinet session closed twice");
    transact(fd_, "LOGOUT");
    ::close(fd_);
    closed_ = true;
  }
  bool isOpen() const { return !closed_; }

private:
  void login(const std::string &badge) {
    if (transact(fd_, "LOGIN " + badge).rfind("DENIED", 0) == 0)
      throw std::runtime_error("badge rejected");
  }
  int fd_;
  bool closed_ = false;
};

// Blind count of the controlled-substance pockets, reported to pharmacy.
void narcoticsCount(CabinetSession &s, const std::vector<int> &pockets, std::FILE *report) {
  for (int p : pockets)
    std::fprintf(report, "pocket %d: %d\n", p, s.count(p)); // SAME: shift_count
}

void medicationPass(const std::string &host, const std::string &badge,
                    const std::vector<DoseOrder> &orders) {
  CabinetSession s(host, badge);
  for (const DoseOrder &o : orders)
    s.dispense(o);
  s.close();
} // OK: the destructor skips the release after close()

void endOfShift(CabinetSession &s, const std::vector<int> &narcoticPockets,
                std::FILE *report) {
  s.close(); // log out so the next shift can badge in
  narcoticsCount(s, narcoticPockets, report); // BUG: use-after-close #shift_count
}

void handover(CabinetSession &s, const std::vector<int> &pockets, std::FILE *report) {
  if (s.isOpen())
    narcoticsCount(s, pockets, report); // OK: guarded by isOpen()
}

// Wasting a partial dose needs a second nurse; the witness session reuses the
// descriptor the first nurse's terminal already has open.
void witnessWaste(int terminalFd, const std::string &witnessBadge, const DoseOrder &o) {
  CabinetSession witness(terminalFd, witnessBadge);
  witness.dispense(DoseOrder{o.mrn, "WASTE " + o.drug, o.pocket});
  std::fprintf(stderr, "waste of %s witnessed\n", o.drug.c_str());
  ::close(terminalFd);
} // BUG: double-close #waste_dtor

void shift(const std::string &host, const std::vector<DoseOrder> &orders,
           const std::vector<int> &narcotics, std::FILE *report) {
  medicationPass(host, "badge-4410", orders);
  CabinetSession charge(host, "badge-0017");
  handover(charge, narcotics, report);
  endOfShift(charge, narcotics, report);
  if (!orders.empty())
    witnessWaste(connectCabinet(host), "badge-2291", orders.front());
}
