// Engine implementation: risk check, journal, match, then fan-out of fills to
// the drop copy (synchronously) and to sessions / market data (on pool_).
// Planted defects: recover() closes a journal replayJournal() already closed; submit()
// calls reconnect() on a risk link checkOrder() already closed; notify tasks
// race with kicks and with md_.shutdown(); stop() releases the drop copy
// before the closing auction; the destructor audits after stop() closed the
// audit log (closeAudit() closes but does not reset the optional).
#include "matchd/engine.h"

#include <chrono>
#include <exception>
#include <stdexcept>
#include <vector>

#include "matchd/net_util.h"
#include "matchd/recovery.h"

namespace matchd {

Engine::Engine(const EngineConfig &cfg, SessionRegistry &reg, RiskClient &risk, DropCopyProducer &dropCopy,
               Scheduler &sched)
    : reg_(reg), risk_(risk), dropCopy_(dropCopy), sched_(sched), journal_(cfg.journalPath, "a"),
      md_(cfg.mdGroup, cfg.mdPort), snap_(cfg.snapGroup, cfg.snapPort), pool_(cfg.notifyThreads, 4096, "notify") {
  audit_.emplace(cfg.auditPath, "a");
}

Engine::~Engine() {
  try {
    stop(); // OK: stop() returns early when main or the admin console already stopped the engine
    audit("engine destroyed"); // BUG: use-after-close #auditLate
  } catch (const std::exception &e) {
    logError(std::string("engine: stop during destruction failed: ") + e.what());
  }
}

std::size_t Engine::recover(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (started_) throw std::logic_error("Engine::recover after start()");
  Journal in(path, "r");
  const std::size_t n = replayJournal(in, book_);
  logInfo("engine: replayed " + std::to_string(n) + " orders from " + path + ", " +
          std::to_string(book_.restingCount()) + " resting");
  in.close(); // BUG: double-close
  return n;
}

void Engine::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (started_) return;
  started_ = true;
  book_.setOnTrade([this](const Fill &f) { onTrade(f); });
  statsTimer_ = sched_.scheduleEvery(std::chrono::seconds(1), [this] { publishStats(); });
  audit("engine started");
}

RejectCode Engine::submit(const Order &o) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return RejectCode::Halted;
  const RiskStatus risk = risk_.checkOrder(o);
  if (risk == RiskStatus::Unavailable) {
    logError("engine: risk unavailable, rejecting order " + std::to_string(o.id) + " and redialing");
    try {
      risk_.reconnect(); // BUG: double-close #riskReconnect
    } catch (const IoError &e) {
      logError(std::string("engine: risk redial failed: ") + e.what());
    }
    return RejectCode::RiskUnavailable;
  }
  if (risk == RiskStatus::Rejected) return RejectCode::RiskLimit;
  journal_.append(encodeOrder(o)); // OK: stopped_ checked under mu_, and stop() closes the journal under mu_ after setting it
  ++seq_;
  book_.add(o);
  publishBook(o.symbol);
  return RejectCode::None;
}

bool Engine::cancel(std::uint64_t sessionId, std::uint64_t orderId) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return false;
  if (!book_.cancel(orderId)) return false;
  journal_.append("CXL " + std::to_string(orderId) + " " + std::to_string(sessionId)); // same stopped_ check under mu_
  ++seq_;
  return true;
}

// Runs under mu_, synchronously from book_.add() / book_.runClosingAuction().
void Engine::onTrade(const Fill &f) {
  ++seq_;
  journal_.append(encodeFill(f)); // OK: the book only trades under mu_ while the journal is open
  dropCopy_.send(f); // SAME: auctionTrades
  pool_.post([this, f] { notifyParties(f); }); // pool_ is stopped only after stopped_ is set and the auction has run
}

// Runs on a pool_ thread.
void Engine::notifyParties(const Fill &f) {
  const ExecReport takerReport{f.takerOrderId, "FILL", f.price, f.qty};
  if (auto taker = reg_.find(f.takerSession)) {
    taker->sendExecReport(takerReport); // BUG: use-after-close #kickRace
  }
  const ExecReport makerReport{f.makerOrderId, "FILL", f.price, f.qty};
  auto maker = reg_.find(f.makerSession);
  if (!maker) return; // maker logged out; the fill still went to the drop copy
  if (!maker->trySendExecReport(makerReport)) { // OK: trySendExecReport() checks the state under the session lock
    logInfo("engine: maker session " + std::to_string(f.makerSession) + " closed before its fill report");
  }
}

// Runs under mu_.
void Engine::publishBook(const std::string &symbol) {
  for (MdUpdate u : book_.topOfBook(symbol)) {
    u.seq = ++mdSeq_;
    pool_.post([this, u] {
      md_.publish(u); // BUG: use-after-close #mdOrder
    });
  }
}

// Scheduler thread.
void Engine::publishStats() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return;
  const MdUpdate stats{"$STATS", Side::Buy, static_cast<std::int64_t>(book_.restingCount()),
                       static_cast<std::int64_t>(seq_), ++mdSeq_};
  md_.publish(stats); // OK: stopped_ checked under mu_; stop() sets it under mu_ before shutting md_ down
}

std::size_t Engine::publishSnapshot() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return 0;
  std::vector<MdUpdate> levels = book_.snapshot();
  for (auto &u : levels) u.seq = ++mdSeq_;
  return snap_.publishSnapshot(levels); // OK: returns 0 if an earlier failed snapshot closed the socket
}

void Engine::checkpoint() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return;
  writeCheckpoint(journal_, seq_); // OK: stopped_ checked under mu_; the journal is closed only by stop()
}

void Engine::rollAudit(const std::string &nextPath) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) throw std::logic_error("Engine::rollAudit after stop()");
  audit("rolling audit log to " + nextPath);
  closeAudit();
  try {
    audit_.emplace(nextPath, "a");
  } catch (const IoError &e) {
    audit(std::string("audit roll failed: ") + e.what()); // OK: a throwing emplace() leaves audit_ empty, audit() is a no-op
    logError(std::string("engine: audit roll failed, auditing disabled: ") + e.what());
    throw;
  }
  audit("audit log opened, previous one closed"); // OK: audit_ now holds the freshly opened journal
}

void Engine::audit(const std::string &line) {
  if (audit_) audit_->append(line); // SAME: auditLate
}

void Engine::closeAudit() {
  if (audit_) audit_->close();
}

std::uint64_t Engine::lastSeq() const {
  std::lock_guard<std::mutex> lk(mu_);
  return seq_;
}

void Engine::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) return;
    stopped_ = true;
  }
  sched_.cancel(statsTimer_);
  // Close the outbound feeds first so nothing half-written leaves during shutdown.
  dropCopy_.release();
  {
    std::lock_guard<std::mutex> lk(mu_);
    const std::size_t crossed = book_.runClosingAuction(); // BUG: use-after-close #auctionTrades
    logInfo("engine: closing auction produced " + std::to_string(crossed) + " trades");
  }
  md_.shutdown(); // SAME: mdOrder
  snap_.shutdown(); // OK: a different publisher; shutdown() is idempotent even if a failed snapshot closed it
  pool_.stop();
  std::lock_guard<std::mutex> lk(mu_);
  audit("engine stopped at seq " + std::to_string(seq_)); // the audit log is closed only below
  journal_.flush(); // still open; it is closed on the next line
  journal_.close();
  closeAudit();
  logInfo("engine: stopped at seq " + std::to_string(seq_));
}

} // namespace matchd
