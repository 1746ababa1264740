// An API gateway logs its upstream client out when credentials rotate and
// replaces it with make_unique only when a new token was issued; without a new
// token the health call after the rotation goes to the logged-out client
// ("upstream client logged out"). reconnect() replaces the client on both
// branches and failover() emplaces a fresh standby into the optional after
// resetting it, so their calls are correct.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class UpstreamClient {
public:
  UpstreamClient(std::string host, std::string token)
      : host_(std::move(host)), token_(std::move(token)) {}

  std::string call(const std::string &request) {
    if (loggedOut_)
      throw std::runtime_error("upstream client logged out: " + host_);
    return host_ + " <- " + request;
  }
  void logout() { loggedOut_ = true; }
  bool loggedOut() const { return loggedOut_; }

private:
  std::string host_;
  std::string token_;
  bool loggedOut_ = false;
};

class Gateway {
public:
  Gateway(std::string host, std::string token)
      : host_(std::move(host)), token_(std::move(token)),
        upstream_(std::make_unique<UpstreamClient>(host_, token_)) {}

  std::string rotateCredentials(const std::optional<std::string> &newToken) {
    upstream_->logout();
    if (newToken) {
      token_ = *newToken;
      upstream_ = std::make_unique<UpstreamClient>(host_, token_);
    }
    return upstream_->call("GET /health"); // BUG: use-after-close
  }

  std::string reconnect(const std::string &issued) {
    upstream_->logout();
    if (issued.empty())
      upstream_ = std::make_unique<UpstreamClient>(host_, token_);
    else
      upstream_ = std::make_unique<UpstreamClient>(host_, issued);
    return upstream_->call("GET /session"); // OK: replaced on both branches
  }

  std::string failover(const std::string &standbyHost) {
    if (standby_)
      standby_->logout();
    standby_.reset();
    standby_.emplace(standbyHost, token_);
    return standby_->call("GET /ready"); // OK: a freshly emplaced client
  }

private:
  std::string host_;
  std::string token_;
  std::unique_ptr<UpstreamClient> upstream_;
  std::optional<UpstreamClient> standby_;
};
