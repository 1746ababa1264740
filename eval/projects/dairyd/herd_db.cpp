// HerdDb: a line-oriented TCP session with the herd management database. The socket and the
// connection flag live in Impl (pimpl), guarded by Impl::mu; every request throws once the
// session is disconnected. disconnect() returns at once when the session is already down.
#include "herd_db.h"

#include <cerrno>
#include <mutex>
#include <netdb.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

struct HerdDb::Impl {
    std::string host;
    int port = 0;
    int fd = -1;
    bool up = false;
    std::mutex mu;

    ~Impl() {
        if (fd >= 0) ::close(fd);   // BUG: double-close
    }

    void check_up() const {
        if (!up) throw std::runtime_error("herd db " + host + " disconnected");
    }

    bool send_line(const std::string& line) {
        const std::string out = line + "\n";
        std::size_t done = 0;
        while (done < out.size()) {
            const ssize_t n = ::send(fd, out.data() + done, out.size() - done, MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return false;
            done += static_cast<std::size_t>(n);
        }
        return true;
    }

    std::string recv_line() {
        std::string line;
        char c = 0;
        for (;;) {
            const ssize_t n = ::recv(fd, &c, 1, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0 || c == '\n') break;
            line.push_back(c);
        }
        return line;
    }
};

HerdDb::HerdDb(std::string host, int port) : impl_(std::make_unique<Impl>()) {
    impl_->host = std::move(host);
    impl_->port = port;
}

HerdDb::~HerdDb() = default;

Status HerdDb::connect() {
    std::lock_guard<std::mutex> lk(impl_->mu);
    if (impl_->up) return Status();
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    if (::getaddrinfo(impl_->host.c_str(), std::to_string(impl_->port).c_str(), &hints, &res) != 0)
        return Status::error(Code::Io, "cannot resolve " + impl_->host);
    const int s = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
    const int rc = s < 0 ? -1 : ::connect(s, res->ai_addr, res->ai_addrlen);
    ::freeaddrinfo(res);
    if (rc != 0) {
        if (s >= 0) ::close(s);
        return Status::error(Code::Io, "herd db " + impl_->host + " unreachable");
    }
    impl_->fd = s;
    impl_->up = true;
    return Status();
}

void HerdDb::disconnect() {
    std::lock_guard<std::mutex> lk(impl_->mu);
    if (!impl_->up) return;
    ::shutdown(impl_->fd, SHUT_RDWR);
    ::close(impl_->fd);
    impl_->up = false;
}

bool HerdDb::connected() const {
    std::lock_guard<std::mutex> lk(impl_->mu);
    return impl_->up;
}

Result<CowRecord> HerdDb::lookup_cow(std::uint64_t tag) {
    std::lock_guard<std::mutex> lk(impl_->mu);
    impl_->check_up();
    if (!impl_->send_line("COW " + std::to_string(tag))) return Status::error(Code::Io, "herd db send failed");
    const std::string reply = impl_->recv_line();
    if (reply.rfind("NOTFOUND", 0) == 0) return Status::error(Code::NotFound, "unknown tag " + std::to_string(tag));
    std::istringstream in(reply);
    std::string word;
    CowRecord rec;
    rec.tag = tag;
    int withhold = 0;
    if (!(in >> word >> rec.cow_no >> rec.group >> withhold) || word != "COW")
        return Status::error(Code::Io, "herd db: bad reply '" + reply + "'");
    rec.withhold = withhold != 0;
    return rec;
}

Status HerdDb::push_yield(int cow_no, double litres) {
    std::lock_guard<std::mutex> lk(impl_->mu);
    impl_->check_up();
    if (!impl_->send_line("YIELD " + std::to_string(cow_no) + " " + std::to_string(litres)))
        return Status::error(Code::Io, "herd db send failed");
    const std::string reply = impl_->recv_line();
    return reply == "OK" ? Status() : Status::error(Code::Io, "herd db: " + reply);
}

Status HerdDb::push_visit(std::uint64_t tag, long at) {
    std::lock_guard<std::mutex> lk(impl_->mu);
    impl_->check_up();
    if (!impl_->send_line("VISIT " + std::to_string(tag) + " " + std::to_string(at)))
        return Status::error(Code::Io, "herd db send failed");
    const std::string reply = impl_->recv_line();
    return reply == "OK" ? Status() : Status::error(Code::Io, "herd db: " + reply);
}
