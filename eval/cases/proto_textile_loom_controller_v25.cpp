// Textile mill jacquard loom controller: pattern rows (one bit per hook) are
// pushed to each loom head over its controller link. A head that rejects a
// row aborts the job; a warp break resets the link and weaving resumes from
// the broken row once the weaver has tied in; at the end of a bolt the head is
// parked and, for patterns that ask for it, a cut-marker row is woven.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace weaving {

using Row = std::vector<uint8_t>;

struct Pattern {
  std::string name;
  std::vector<Row> rows;
  bool cutMarker = false;
};

class LoomHead {
public:
  LoomHead(std::string id, size_t hooks) : id_(std::move(id)), hooks_(hooks) {}

  bool pushRow(const Row &row);
  void home();
  void reopen();
  void close();

  bool isClosed() const { return state_ == State::Closed; }
  size_t hookCount() const { return hooks_; }
  size_t rowsWoven() const { return woven_; }
  const std::string &id() const { return id_; }

private:
  enum class State { Ready, Weaving, Closed };
  void ensureOpen(const char *op) const;

  std::string id_;
  size_t hooks_;
  size_t woven_ = 0;
  State state_ = State::Ready;
};

void LoomHead::ensureOpen(const char *op) const {
  if (state_ == State::Closed)
    throw std::logic_error("loom head " + id_ + " is closed: " + op);
}

bool LoomHead::pushRow(const Row &row) {
  ensureOpen("pushRow");
  if (row.size() * 8 != hooks_)
    return false;
  state_ = State::Weaving;
  ++woven_;
  return true;
}

void LoomHead::home() {
  ensureOpen("home");
  state_ = State::Ready;
}

void LoomHead::reopen() {
  if (state_ != State::Closed)
    return;
  state_ = State::Ready;
}

void LoomHead::close() {
  if (state_ == State::Closed)
    throw std::logic_error("loom head " + id_ + " already closed");
  state_ = State::Closed;
}

static void abortJob(LoomHead &head, const Pattern &p, const char *why) {
  std::fprintf(stderr, "loom %s: %s aborted after %zu rows: %s\n", head.id().c_str(),
               p.name.c_str(), head.rowsWoven(), why);
  head.close();
}

bool weavePattern(LoomHead &head, const Pattern &p) {
  bool ok = true;
  for (const Row &row : p.rows) {
    if (!head.pushRow(row)) {
      abortJob(head, p, "row rejected");
      ok = false;
      break;
    }
  }
  head.close(); // BUG: double-close
  return ok;
}

bool resumeAfterWarpBreak(LoomHead &head, const Pattern &p, size_t brokenRow) {
  if (!head.isClosed())
    head.close(); // OK
  head.reopen();
  head.home(); // OK
  for (size_t i = brokenRow; i < p.rows.size(); ++i) {
    if (!head.pushRow(p.rows[i])) { // OK
      abortJob(head, p, "row rejected after warp break");
      return false;
    }
  }
  return true;
}

void endOfBolt(LoomHead &head, const Pattern &p) {
  head.home();
  head.close();
  if (p.cutMarker)
    head.pushRow(Row(head.hookCount() / 8, 0xFF)); // BUG: use-after-close
}

void shiftChange(std::vector<LoomHead> &heads) {
  for (LoomHead &h : heads) {
    if (h.isClosed())
      continue;
    h.home(); // OK
    h.close(); // OK
  }
}

} // namespace weaving
