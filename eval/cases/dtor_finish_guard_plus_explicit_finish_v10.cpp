// An export job arms a ScopeExit that finishes the ExportSession whenever the
// function is left, so that an exception half-way still finalises the file.
// exportCustomers() also calls finish() itself on the success path to get the
// row count; ExportSession::finish() throws "export session already finished"
// when called twice, so the guard's finish() at the end of the function is a
// second close that fails (inside a destructor: std::terminate).
// exportSuppliers() dismisses its guard before finishing and exportInvoices()
// checks finished() in the guard: both correct.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Fn> class ScopeExit {
public:
  explicit ScopeExit(Fn fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  Fn fn_;
  bool armed_ = true;
};

template <typename Fn> ScopeExit<Fn> makeScopeExit(Fn fn) {
  return ScopeExit<Fn>(std::move(fn));
}

class ExportSession {
public:
  explicit ExportSession(std::string target) : target_(std::move(target)) {}

  void appendRow(const std::string &row) {
    if (finished_)
      throw std::runtime_error("export session finished: " + target_);
    rows_.push_back(row);
  }

  std::size_t finish() {
    if (finished_)
      throw std::logic_error("export session already finished: " + target_);
    finished_ = true;
    return rows_.size();
  }

  bool finished() const { return finished_; }

private:
  std::string target_;
  std::vector<std::string> rows_;
  bool finished_ = false;
};

struct Party {
  std::string id;
  std::string name;
};

static std::string toCsv(const Party &party) { return party.id + "," + party.name; }

std::size_t exportCustomers(ExportSession &session,
                            const std::vector<Party> &customers) {
  auto finalize = makeScopeExit([&session] {
    session.finish(); // BUG: double-close
  });
  for (const Party &customer : customers)
    session.appendRow(toCsv(customer)); // OK: the guard finishes only on exit
  std::size_t rows = session.finish();
  return rows;
}

std::size_t exportSuppliers(ExportSession &session,
                            const std::vector<Party> &suppliers) {
  auto finalize = makeScopeExit([&session] {
    session.finish(); // OK: dismissed before the explicit finish, so it runs only when appendRow threw
  });
  for (const Party &supplier : suppliers)
    session.appendRow(toCsv(supplier)); // OK
  finalize.dismiss();
  return session.finish(); // OK: first and only finish on the success path
}

std::size_t exportInvoices(ExportSession &session,
                           const std::vector<Party> &debtors) {
  auto finalize = makeScopeExit([&session] {
    if (!session.finished())
      session.finish(); // OK: guarded by finished()
  });
  for (const Party &debtor : debtors)
    session.appendRow(toCsv(debtor) + ",open"); // OK
  return session.finish();
}
