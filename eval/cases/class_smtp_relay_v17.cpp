// Outbound mail relay. SmtpClient models one SMTP session to a domain's MX
// (the server accepts at most `limit` messages per session and then answers
// 421, after which the session must be dropped). Relay keeps one client per
// domain, delivers batches, defers what could not be sent and retries later.
// SmtpClient semantics (implemented below): sendMail() and reset() throw
// std::runtime_error once the client is closed; close() on a closed client
// throws std::runtime_error because the QUIT/socket release must happen once.
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Mail {
  std::string domain;
  std::string rcpt;
  std::string body;
};

class SmtpClient {
public:
  SmtpClient(std::string domain, std::size_t limit)
      : domain_(std::move(domain)), limit_(limit) {}

  // Returns false when the server refused the message with 421.
  bool sendMail(const Mail &mail) {
    if (closed_)
      throw std::runtime_error("smtp session to " + domain_ + " closed");
    if (accepted_ >= limit_)
      return false;
    transcript_.push_back("RCPT TO:<" + mail.rcpt + ">");
    ++accepted_;
    return true;
  }

  void reset() {
    if (closed_)
      throw std::runtime_error("smtp session to " + domain_ + " closed: RSET");
    transcript_.push_back("RSET");
  }

  void close() {
    if (closed_)
      throw std::runtime_error("smtp session to " + domain_ + " already closed");
    transcript_.push_back("QUIT");
    closed_ = true;
  }

  bool isClosed() const { return closed_; }

private:
  std::string domain_;
  std::size_t limit_;
  std::size_t accepted_ = 0;
  std::vector<std::string> transcript_;
  bool closed_ = false;
};

namespace {
const std::size_t kPerSessionLimit = 100;

std::size_t deliverBatch(SmtpClient &client, const std::vector<Mail> &mails) {
  std::size_t sent = 0;
  for (const Mail &m : mails) {
    if (!client.sendMail(m)) // SAME: stale
      break;
    ++sent;
  }
  return sent;
}
} // namespace

class Relay {
public:
  ~Relay() {
    for (auto &kv : clients_)
      kv.second->close(); // SAME: relaydtor
  }

  std::size_t relayDomain(const std::string &domain, const std::vector<Mail> &mails) {
    SmtpClient &client = clientFor(domain);
    const std::size_t sent = deliverBatch(client, mails); // BUG: use-after-close #stale
    if (sent < mails.size()) {
      // 421: the server is closing this session; keep the rest for later.
      client.close();
      deferred_.insert(deferred_.end(), mails.begin() + static_cast<long>(sent), mails.end());
    }
    client.reset(); // BUG: use-after-close
    return sent;
  }

  void retryDeferred() {
    std::vector<Mail> pending;
    pending.swap(deferred_);
    for (const Mail &m : pending) {
      std::unique_ptr<SmtpClient> &slot = clients_[m.domain];
      if (!slot || slot->isClosed())
        slot = std::make_unique<SmtpClient>(m.domain, kPerSessionLimit);
      if (!slot->sendMail(m)) { // OK: closed clients were replaced just above
        slot->close(); // OK: slot is open here, closed once
        deferred_.push_back(m);
      }
    }
  }

  // Called between batches: frees the SMTP sessions; the map keeps the
  // entries so per-domain state survives until the next batch.
  void closeIdle() {
    for (auto &kv : clients_) {
      if (!kv.second->isClosed())
        kv.second->close(); // OK: guarded by isClosed()
    }
  }

  void shutdown() { closeIdle(); }

  std::size_t deferredCount() const { return deferred_.size(); }

private:
  SmtpClient &clientFor(const std::string &domain) {
    std::unique_ptr<SmtpClient> &slot = clients_[domain];
    if (!slot)
      slot = std::make_unique<SmtpClient>(domain, kPerSessionLimit);
    return *slot;
  }

  std::map<std::string, std::unique_ptr<SmtpClient>> clients_;
  std::vector<Mail> deferred_;
};

void runNightlyDigest(const std::vector<Mail> &digest) {
  Relay relay;
  std::map<std::string, std::vector<Mail>> byDomain;
  for (const Mail &m : digest)
    byDomain[m.domain].push_back(m);
  for (const auto &kv : byDomain)
    relay.relayDomain(kv.first, kv.second);
  relay.retryDeferred();
  relay.shutdown();
} // BUG: double-close #relaydtor

// Daemon mode: one batch per tick for the same set of domains.
void serveBatches(Relay &relay, const std::vector<std::vector<Mail>> &batches) {
  for (const std::vector<Mail> &batch : batches) {
    if (batch.empty())
      continue;
    relay.relayDomain(batch.front().domain, batch);
    relay.closeIdle();
  }
}

int main() {
  std::vector<Mail> digest;
  for (int i = 0; i < 3; ++i)
    digest.push_back({"example.org", "user" + std::to_string(i) + "@example.org", "hello"});
  runNightlyDigest(digest);
  return 0;
}
