// Hotel front-desk key-card station. Every card encoded is recorded in an
// audit trail (std::ofstream) that the night audit rotates with close() +
// open(); check-out writes the guest folio to a file that is then e-mailed.
// A write to a closed std::ofstream only sets failbit: the text is silently
// lost, which for the audit summary and the folio is a real defect.
// Correct: AuditTrail::rotate() writes after reopening; loadRates() reopens a
// fallback file before reading; lateKeyRequest() checks isOpen() after seal().
// Defects: nightAudit() appends the rotation note to the summary it has
// already closed; checkOut() records the e-mail dispatch in the closed folio.
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class AuditTrail {
public:
  AuditTrail(std::string dir, const std::string &date) : dir_(std::move(dir)) {
    out_.open(pathFor(date), std::ios::app);
    if (!out_.is_open())
      throw std::runtime_error("cannot open key audit for " + date);
  }

  void record(const std::string &room, const std::string &cardUid, const std::string &clerk) {
    out_ << room << ' ' << cardUid << ' ' << clerk << '\n';
  }

  void rotate(const std::string &date) {
    out_.close();
    out_.open(pathFor(date), std::ios::app);
    if (!out_.is_open())
      throw std::runtime_error("cannot rotate key audit to " + date);
    out_ << "# opened " << date << '\n'; // OK: reopened with open()
  }

  void seal() {
    out_ << "# sealed\n";
    out_.close();
  }

  bool isOpen() const { return out_.is_open(); }

private:
  std::string pathFor(const std::string &date) const { return dir_ + "/keys-" + date + ".log"; }
  std::string dir_;
  std::ofstream out_;
};

struct Charge {
  std::string desc;
  long cents = 0;
};

struct Stay {
  std::string folioNo, room, guestEmail;
  std::vector<Charge> charges;
};

void emailFolio(const std::string &path, const std::string &to);

void nightAudit(AuditTrail &trail, std::ofstream &summary, const std::string &tomorrow,
                int cardsIssued) {
  summary << "cards issued: " << cardsIssued << '\n';
  summary.close();
  trail.rotate(tomorrow);
  summary << "key audit rotated to " << tomorrow << '\n'; // BUG: use-after-close
}

void checkOut(const Stay &stay, AuditTrail &trail) {
  const std::string path = "/srv/folios/" + stay.folioNo + ".txt";
  std::ofstream folio(path, std::ios::trunc);
  if (!folio.is_open())
    throw std::runtime_error("cannot write folio " + stay.folioNo);
  long total = 0;
  for (const Charge &c : stay.charges) {
    folio << c.desc << '\t' << c.cents / 100 << '.' << c.cents % 100 << '\n';
    total += c.cents;
  }
  folio << "TOTAL\t" << total / 100 << '.' << total % 100 << '\n';
  folio.close(); // the mailer reads the file from disk
  emailFolio(path, stay.guestEmail);
  folio << "SENT TO " << stay.guestEmail << '\n'; // BUG: use-after-close
  trail.record(stay.room, "VOID", "checkout");
}

std::map<std::string, long> loadRates(const std::string &path, const std::string &fallback) {
  std::map<std::string, long> rates;
  std::ifstream in(path);
  if (!in.is_open() || in.peek() == std::ifstream::traits_type::eof()) {
    in.close();
    in.open(fallback);
  }
  std::string roomType;
  long cents;
  while (in >> roomType >> cents) // OK: reopened on the fallback file
    rates[roomType] = cents;
  return rates;
}

void lateKeyRequest(AuditTrail &trail, const std::string &room, const std::string &uid) {
  if (trail.isOpen())
    trail.record(room, uid, "night-porter"); // OK: guarded by isOpen()
}

void frontDeskDay(const std::vector<Stay> &departures, const std::string &today,
                  const std::string &tomorrow) {
  AuditTrail trail("/srv/keyaudit", today);
  std::map<std::string, long> rates = loadRates("/srv/rates/current.txt", "/srv/rates/default.txt");
  int issued = 0;
  for (const Stay &s : departures) {
    trail.record(s.room, "C0FFEE" + s.folioNo, "desk1");
    ++issued;
    checkOut(s, trail);
  }
  std::ofstream summary("/srv/nightaudit/" + today + ".txt");
  summary << "rate types loaded: " << rates.size() << '\n';
  nightAudit(trail, summary, tomorrow, issued);
  trail.seal();
  lateKeyRequest(trail, "512", "A1B2C3D4");
}
