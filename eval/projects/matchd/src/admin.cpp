// AdminConsole implementation: operator commands read from main's stdin loop.
// Planted defects: kick writes the logout reason to a session kick() already closed;
// limits are pushed after the risk probe closed the link; a failed rotate
// appends to the log rotate() left closed; end-of-day writes the checkpoint
// into the journal Engine::stop() closed.
#include "matchd/admin.h"

#include <sstream>

#include "matchd/connection.h"
#include "matchd/net_util.h"
#include "matchd/recovery.h"

namespace matchd {

AdminConsole::AdminConsole(SessionRegistry &reg, Engine &engine, RiskClient &risk, const std::string &cmdLogPath)
    : reg_(reg), engine_(engine), risk_(risk), cmdLog_(cmdLogPath, "a") {}

AdminConsole::~AdminConsole() {
  if (cmdLog_.isOpen()) cmdLog_.close(); // OK: a failed rotate can leave the log closed, so only an open log is closed
}

void AdminConsole::log(const std::string &line) {
  if (!cmdLog_.isOpen()) {
    logError("admin (command log closed): " + line);
    return;
  }
  cmdLog_.append(line); // OK: isOpen() checked just above
}

bool AdminConsole::execute(const std::string &cmdline) {
  std::istringstream is(cmdline);
  std::string cmd;
  is >> cmd;
  if (cmd.empty()) return true;
  log("> " + cmdline);
  if (cmd == "quit") return false;
  if (cmd == "kick") {
    std::uint64_t id = 0;
    std::string reason;
    is >> id >> reason;
    kickSession(id, reason.empty() ? "admin" : reason);
  } else if (cmd == "limits") {
    std::string account;
    std::int64_t maxNotional = 0;
    if (is >> account >> maxNotional) reloadLimits(account, maxNotional);
  } else if (cmd == "rotate") {
    std::string next;
    if (is >> next) rotateLog(next);
  } else if (cmd == "snapshot") {
    log("snapshot: " + std::to_string(engine_.publishSnapshot()) + " levels sent");
  } else if (cmd == "checkpoint") {
    engine_.checkpoint();
  } else if (cmd == "audit") {
    std::string next;
    if (is >> next) engine_.rollAudit(next);
  } else if (cmd == "compact") {
    std::string path;
    if (is >> path) compact(path);
  } else if (cmd == "broadcast") {
    std::string text;
    std::getline(is, text);
    log("broadcast reached " + std::to_string(reg_.broadcast("NEWS" + text)) + " sessions");
  } else if (cmd == "eod") {
    endOfDay();
    return false;
  } else {
    log("unknown command: " + cmd);
  }
  return true;
}

bool AdminConsole::kickSession(std::uint64_t id, const std::string &reason) {
  auto s = reg_.kick(id);
  if (!s) {
    log("kick: no session for account " + std::to_string(id));
    return false;
  }
  s->sendText("LOGOUT reason=" + reason); // BUG: use-after-close
  log("kick: account " + std::to_string(id) + " (" + reason + ")");
  return true;
}

bool AdminConsole::reloadLimits(const std::string &account, std::int64_t maxNotional) {
  // Probe the link first so a dead risk server shows up in the command log.
  Order probe;
  probe.symbol = "$PROBE";
  probe.price = 1;
  probe.qty = 1;
  if (risk_.checkOrder(probe) == RiskStatus::Unavailable) log("limits: risk probe failed for " + account);
  risk_.pushLimits(account, maxNotional); // BUG: use-after-close
  log("limits: " + account + " max notional " + std::to_string(maxNotional));
  return true;
}

bool AdminConsole::rotateLog(const std::string &nextPath) {
  if (!cmdLog_.isOpen()) {
    logError("admin: command log is closed, cannot rotate");
    return false;
  }
  const std::string previous = cmdLog_.path();
  try {
    cmdLog_.rotate(nextPath);
  } catch (const IoError &e) {
    cmdLog_.append("rotate to " + nextPath + " failed: " + e.what()); // BUG: use-after-close
    return false;
  }
  cmdLog_.append("rotated from " + previous); // OK: rotate() returned normally, so the new file is open
  return true;
}

bool AdminConsole::endOfDay() {
  log("eod: stopping engine");
  engine_.stop();
  writeCheckpoint(engine_.journal(), engine_.lastSeq()); // BUG: use-after-close #ckpt
  log("eod: done at seq " + std::to_string(engine_.lastSeq()));
  return true;
}

bool AdminConsole::compact(const std::string &path) {
  try {
    const std::size_t kept = compactJournal(path, path + ".compact");
    log("compact: " + path + " kept " + std::to_string(kept) + " records");
    return true;
  } catch (const std::exception &e) {
    log(std::string("compact: ") + path + " failed: " + e.what());
    return false;
  }
}

} // namespace matchd
