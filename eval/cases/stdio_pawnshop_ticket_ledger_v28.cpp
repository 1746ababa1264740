// Pawnshop ticket ledger: appends pawn, redemption and forfeiture tickets to a
// daily ledger file, rotates the file at the end of each business day, and
// replays a finished day's ledger for the auditor. Negative case: the ledger
// nulls its FILE* whenever it closes it and every writer checks the pointer
// first, so closing twice or writing after a failed rotation is harmless; the
// replay closes its file exactly once on each return path.
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

enum class TicketKind { Pawn, Redeem, Forfeit };

struct Ticket {
  int number;
  TicketKind kind;
  long cents;
  std::string item;
};

class TicketLedger {
public:
  explicit TicketLedger(std::string dir) : dir_(std::move(dir)) {}
  ~TicketLedger() { close(); }
  TicketLedger(const TicketLedger &) = delete;
  TicketLedger &operator=(const TicketLedger &) = delete;

  bool open(const std::string &day);
  bool record(const Ticket &t);
  bool rotate(const std::string &next_day);
  void close();
  bool is_open() const { return fp_ != nullptr; }
  long cash_balance() const { return balance_; }

private:
  static const char *kind_name(TicketKind k);

  std::string dir_;
  std::string day_;
  FILE *fp_ = nullptr;
  long balance_ = 0;
};

const char *TicketLedger::kind_name(TicketKind k) {
  switch (k) {
  case TicketKind::Pawn:
    return "PAWN";
  case TicketKind::Redeem:
    return "REDEEM";
  case TicketKind::Forfeit:
    return "FORFEIT";
  }
  return "?";
}

bool TicketLedger::open(const std::string &day) {
  if (fp_)
    return true;
  std::string path = dir_ + "/ledger-" + day + ".txt";
  fp_ = std::fopen(path.c_str(), "a");
  if (!fp_)
    return false;
  day_ = day;
  std::fprintf(fp_, "== open %s\n", day.c_str());
  return true;
}

bool TicketLedger::record(const Ticket &t) {
  if (!fp_)
    return false;
  std::fprintf(fp_, "%06d %-8s %10ld %s\n", t.number, kind_name(t.kind), // OK
               t.cents, t.item.c_str());
  if (t.kind == TicketKind::Pawn)
    balance_ -= t.cents;
  else if (t.kind == TicketKind::Redeem)
    balance_ += t.cents;
  return std::fflush(fp_) == 0; // OK
}

bool TicketLedger::rotate(const std::string &next_day) {
  if (fp_) {
    std::fprintf(fp_, "== close %s balance %ld\n", day_.c_str(), balance_);
    std::fclose(fp_);
    fp_ = nullptr;
  }
  balance_ = 0;
  return open(next_day);
}

void TicketLedger::close() {
  if (!fp_)
    return;
  std::fprintf(fp_, "== close %s balance %ld\n", day_.c_str(), balance_);
  std::fclose(fp_); // OK
  fp_ = nullptr;
}

int post_day(TicketLedger &ledger, const std::vector<Ticket> &tickets,
             const std::string &next_day) {
  int written = 0;
  for (const Ticket &t : tickets)
    if (ledger.record(t))
      ++written;
  if (!ledger.rotate(next_day)) {
    std::fprintf(stderr, "ledger: cannot open day %s\n", next_day.c_str());
    ledger.close(); // OK
    return written;
  }
  ledger.record(Ticket{0, TicketKind::Redeem, 0, "carry-over marker"}); // OK
  return written;
}

long replay_day(const std::string &path, std::vector<Ticket> &out) {
  FILE *in = std::fopen(path.c_str(), "r");
  if (!in)
    return -1;
  char line[512];
  long count = 0;
  while (std::fgets(line, sizeof line, in)) {
    if (line[0] == '=' || line[0] == '\n')
      continue;
    Ticket t{};
    char kind[16];
    char item[256];
    if (std::sscanf(line, "%d %15s %ld %255[^\n]", &t.number, kind, &t.cents,
                    item) != 4) {
      std::fclose(in);
      return -1;
    }
    t.kind = std::strcmp(kind, "PAWN") == 0     ? TicketKind::Pawn
             : std::strcmp(kind, "REDEEM") == 0 ? TicketKind::Redeem
                                                : TicketKind::Forfeit;
    t.item = item;
    out.push_back(std::move(t));
    ++count;
  }
  bool failed = std::ferror(in) != 0; // OK
  std::fclose(in); // OK
  return failed ? -1 : count;
}
