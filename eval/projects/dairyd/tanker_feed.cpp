// TankerFeed: the line-oriented TCP feed to the milk cooperative. A failed connect() closes its
// own socket and leaves the feed Closed; close() refuses a feed that is already closed; sends
// throw on a closed feed and report a broken connection as Code::Io without closing it.
// reconnect() drops the broken connection and dials again with exponential backoff.
#include "tanker_feed.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>

TankerFeed::TankerFeed(std::string host, int port) : host_(std::move(host)), port_(port) {}

TankerFeed::~TankerFeed() {
    if (state_ == State::Open) ::close(fd_);   // OK: only while the feed is still open; close() marks it Closed
}

Status TankerFeed::connect() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Open) return Status();
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    if (::getaddrinfo(host_.c_str(), std::to_string(port_).c_str(), &hints, &res) != 0)
        return Status::error(Code::Io, "cannot resolve " + host_);
    const int s = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
    const int rc = s < 0 ? -1 : ::connect(s, res->ai_addr, res->ai_addrlen);
    ::freeaddrinfo(res);
    if (rc != 0) {
        if (s >= 0) ::close(s);
        return Status::error(Code::Io, "tanker feed: connect to " + host_ + " failed");
    }
    fd_ = s;
    state_ = State::Open;
    return Status();
}

void TankerFeed::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Closed) throw std::logic_error("tanker feed closed twice");
    ::close(fd_);
    fd_ = -1;
    state_ = State::Closed;
}

bool TankerFeed::isOpen() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_ == State::Open;
}

Status TankerFeed::send_line_locked(const std::string& line) {
    if (state_ != State::Open) throw std::runtime_error("tanker feed closed");
    const std::string out = line + "\n";
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::send(fd_, out.data() + done, out.size() - done, MSG_NOSIGNAL);   // OK: state checked above under mu_, which close() also takes
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return Status::error(Code::Io, "tanker feed: send failed");
        done += static_cast<std::size_t>(n);
    }
    return Status();
}

Status TankerFeed::send_collection(const CollectionRecord& rec) {
    std::lock_guard<std::mutex> lk(mu_);
    return send_line_locked("COLLECT " + rec.id + " " + std::to_string(rec.litres) + " " + std::to_string(rec.temp_c));
}

Status TankerFeed::send_ticket(const std::string& ticket) {
    std::lock_guard<std::mutex> lk(mu_);
    return send_line_locked("TICKET " + ticket);
}

Status TankerFeed::reconnect(int max_attempts) {
    std::chrono::milliseconds backoff(250);
    Status st = Status::error(Code::Io, "tanker feed: no reconnect attempt");
    for (int attempt = 0; attempt < max_attempts; ++attempt) {
        close();   // BUG: double-close
        st = connect();
        if (st.ok()) return st;
        std::this_thread::sleep_for(backoff);
        backoff = std::min(backoff * 2, std::chrono::milliseconds(8000));
    }
    return st;
}
