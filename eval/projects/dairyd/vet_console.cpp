// VetConsole and ConsoleSession: the vet/health console. Vets connect over TCP; each session is
// kept by id, one of them may be the duty vet. broadcast() throws once the console is closed and
// skips sessions that died; close() is idempotent (open_ is exchanged first) and also ends every
// session.
#include "vet_console.h"

#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

ConsoleSession::ConsoleSession(int id, int fd) : id_(id), fd_(fd) {}

int ConsoleSession::id() const { return id_; }

bool ConsoleSession::alive() const { return fd_.valid(); }

void ConsoleSession::send(const std::string& text) {
    if (!fd_.valid()) throw std::runtime_error("console session " + std::to_string(id_) + " closed");
    const std::string line = text + "\r\n";
    fd_.write_all(line.data(), line.size());
}

void ConsoleSession::close() {
    if (fd_.valid()) ::shutdown(fd_.get(), SHUT_RDWR);
    fd_.close();
}

VetConsole::VetConsole(int port) : port_(port) {}

VetConsole::~VetConsole() { close(); }   // OK: close() returns at once when the shutdown already closed the console

Status VetConsole::listen() {
    std::lock_guard<std::mutex> lk(mu_);
    if (open_) return Status();
    FdHandle sock(::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!sock.valid()) return Status::error(Code::Io, "vet console: socket failed");
    const int one = 1;
    ::setsockopt(sock.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (::bind(sock.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(sock.get(), 8) != 0)
        return Status::error(Code::Io, "vet console: cannot listen on " + std::to_string(port_));
    listen_fd_ = std::move(sock);
    open_ = true;
    return Status();
}

bool VetConsole::isOpen() const { return open_; }

void VetConsole::accept_pending() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!open_) return;
    for (;;) {
        const int fd = ::accept4(listen_fd_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);   // OK: open_ checked under mu_, and close() takes mu_ before closing the listener
        if (fd < 0) break;
        const int id = next_id_++;
        sessions_.emplace(id, std::make_unique<ConsoleSession>(id, fd));
    }
}

void VetConsole::broadcast(const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!open_) throw std::runtime_error("vet console closed");
    for (auto& entry : sessions_) {
        if (!entry.second->alive()) continue;
        entry.second->send(text);   // OK: sessions that died are skipped just above
    }
}

void VetConsole::set_duty_vet(int session_id) {
    std::lock_guard<std::mutex> lk(mu_);
    duty_vet_ = session_id;
}

void VetConsole::drop_session(int session_id) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(session_id);
    if (it == sessions_.end()) return;
    it->second->close();
    sessions_.erase(it);
    if (duty_vet_ == session_id) duty_vet_ = -1;
}

void VetConsole::close() {
    if (!open_.exchange(false)) return;
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : sessions_) entry.second->close();
    if (duty_vet_ >= 0 && sessions_.count(duty_vet_) != 0) sessions_.at(duty_vet_)->send("console going down, call the farm office");   // BUG: use-after-close
    sessions_.clear();
    listen_fd_.close();
}
