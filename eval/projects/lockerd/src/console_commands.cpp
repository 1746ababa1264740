// ConsoleCommands: parses an operator command line and runs it against the
// registry, the compartment store, the journal, the health checker and the
// firmware rollout. Replies are plain text ending in a newline.
#include "console_commands.h"

#include "bank_link.h"
#include "command_codec.h"
#include "compartment_store.h"
#include "csv_format.h"
#include "diag_log.h"
#include "firmware_rollout.h"
#include "health_checker.h"
#include "link_registry.h"
#include "pickup_codes.h"
#include "service_slots.h"

#include <ctime>
#include <sstream>

namespace {
const char *kHelp = "commands: banks | retire <bank> | move <bank> <endpoint> | display <bank> <text>\n"
                    "          unlock <bank> <code> | journal flush|rotate|export <day> | health\n"
                    "          firmware <image> <bank>... | firmware abort | quit\n";
}

ConsoleCommands::ConsoleCommands(LinkRegistry &registry, CompartmentStore &store, ServiceSlots &slots,
                                 HealthChecker &health, PickupCodeService &pickup,
                                 FirmwareRollout &firmware, DiagLog &diag)
    : registry_(registry), store_(store), slots_(slots), health_(health), pickup_(pickup),
      firmware_(firmware), diag_(diag) {}

ConsoleReply ConsoleCommands::execute(const std::string &line) {
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  ConsoleReply reply;
  if (verb.empty())
    return reply;

  diag_.info("console: %s", line.c_str());
  std::string a, b;
  if (verb == "help") {
    reply.text = kHelp;
  } else if (verb == "banks") {
    reply.text = cmdBanks();
  } else if (verb == "retire" && (in >> a)) {
    reply.text = cmdRetire(a);
  } else if (verb == "move" && (in >> a >> b)) {
    reply.text = cmdMove(a, b);
  } else if (verb == "display" && (in >> a)) {
    std::string text;
    std::getline(in, text);
    reply.text = cmdDisplay(a, text.empty() ? text : text.substr(1));
  } else if (verb == "unlock" && (in >> a >> b)) {
    reply.text = cmdUnlock(a, b);
  } else if (verb == "journal" && (in >> a)) {
    if (a == "export" && (in >> b)) {
      std::ostringstream dump;
      Status st = slots_.journal->exportDay(b, dump);
      reply.text = st.ok() ? dump.str() : "error: " + st.describe() + "\n";
    } else {
      reply.text = cmdJournal(a);
    }
  } else if (verb == "health") {
    reply.text = cmdHealth();
  } else if (verb == "firmware" && (in >> a)) {
    if (a == "abort") {
      firmware_.abort("operator request");
      reply.text = "firmware rollout aborted\n";
    } else {
      std::vector<std::string> banks;
      while (in >> b)
        banks.push_back(b);
      reply.text = cmdFirmware(a, banks);
    }
  } else if (verb == "quit") {
    reply.text = "bye\n";
    reply.hangUp = true;
  } else {
    reply.text = "unknown command, try 'help'\n";
  }
  return reply;
}

std::string ConsoleCommands::cmdBanks() const {
  std::ostringstream out;
  for (const std::string &id : registry_.onlineBanks())
    out << id << " online, " << store_.occupied(id).size() << " parcels\n";
  for (const std::string &id : registry_.offlineBanks())
    out << id << " offline\n";
  return out.str().empty() ? "no banks connected\n" : out.str();
}

std::string ConsoleCommands::cmdRetire(const std::string &bankId) {
  Status st = registry_.detach(bankId);
  if (st.failed())
    return "error: " + st.describe() + "\n";
  const std::size_t parcels = store_.occupied(bankId).size();
  store_.forgetBank(bankId);
  registry_.pushTo(bankId, displayText("OUT OF SERVICE")); // BUG: use-after-close #retire
  return "retired " + bankId + "; " + std::to_string(parcels) + " parcel(s) need manual handling\n";
}

std::string ConsoleCommands::cmdMove(const std::string &bankId, const std::string &endpoint) {
  Status st = registry_.detach(bankId);
  if (st.failed())
    return "error: " + st.describe() + "\n";
  auto link = std::make_shared<BankLink>(bankId, std::make_unique<net::Connection>(endpoint));
  Status hs = link->handshake("console-move", true);
  if (hs.failed())
    return "error: " + hs.describe() + "\n";
  Status attached = registry_.attach(link);
  if (attached.failed())
    return "error: " + attached.describe() + "\n";
  PushResult pushed = registry_.pushTo(bankId, timeSync(std::time(nullptr))); // OK
  if (!pushed.ok())
    return "moved " + bankId + " but the time sync failed: " + pushed.error + "\n";
  return "moved " + bankId + " to " + endpoint + "\n";
}

std::string ConsoleCommands::cmdDisplay(const std::string &bankId, const std::string &text) {
  if (!registry_.isOnline(bankId))
    return "bank " + bankId + " is offline\n";
  PushResult pushed = registry_.pushTo(bankId, displayText(text)); // OK
  return pushed.ok() ? "ok\n" : "error: " + pushed.error + "\n";
}

std::string ConsoleCommands::cmdUnlock(const std::string &bankId, const std::string &code) {
  Status st = pickup_.redeem(bankId, code);
  return st.ok() ? "unlocked\n" : "error: " + st.describe() + "\n";
}

std::string ConsoleCommands::cmdJournal(const std::string &action) {
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (!slots_.journal || !slots_.journal->isOpen())
    return "the audit journal is closed\n";
  if (action == "flush") {
    slots_.journal->flush(); // OK
    return "journal flushed\n";
  }
  if (action == "rotate") {
    Status st = slots_.journal->rotate(formatDay(std::time(nullptr)));
    if (st.failed())
      return "rotation failed: " + st.describe() + "\n";
    slots_.journal->note("rotated from the operator console"); // OK
    return "journal rotated\n";
  }
  return "usage: journal flush|rotate\n";
}

std::string ConsoleCommands::cmdHealth() { return HealthChecker::render(health_.probe()); }

std::string ConsoleCommands::cmdFirmware(const std::string &imagePath,
                                         const std::vector<std::string> &banks) {
  std::vector<std::shared_ptr<BankLink>> channels;
  for (const std::string &id : banks) {
    std::shared_ptr<BankLink> current = registry_.find(id);
    if (!current || current->isClosed())
      return "bank " + id + " is not online\n";
    auto maintenance = std::make_shared<BankLink>(
        id, std::make_unique<net::Connection>(current->endpoint() + "#maintenance"));
    Status hs = maintenance->handshake("maintenance", true);
    if (hs.failed())
      return "error: " + hs.describe() + "\n";
    channels.push_back(std::move(maintenance));
  }
  Status st = firmware_.begin(imagePath, std::move(channels));
  return st.ok() ? "firmware rollout started\n" : "error: " + st.describe() + "\n";
}
