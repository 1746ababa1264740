// Message: one queued mail plus its delivery bookkeeping, and its one-line
// spool representation.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace mailq {

struct Message {
  std::string id;
  std::string sender;                  // empty for notifications (null sender)
  std::vector<std::string> recipients; // all in one domain: intake splits per domain
  std::string body;
  int attempts = 0;

  // Destination domain (domain of the first recipient).
  std::string domain() const;
  // Tab-separated, body escaped, no trailing newline.
  std::string serialize() const;
  // Inverse of serialize(); std::nullopt for a malformed line.
  static std::optional<Message> parse(const std::string &line);
};

std::string makeMessageId();

} // namespace mailq
