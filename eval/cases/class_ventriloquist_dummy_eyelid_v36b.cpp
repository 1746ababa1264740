// Ventriloquist show controller. The dummy's eyelid, jaw and brow servos are
// driven over a ServoLink (a TCP connection to the controller in the dummy's
// head). ShowController owns the link across the acts: intermission() closes
// it to let the rigger swap batteries, resume_act() reconnects, curtain()
// sends the bow and closes it for the night, stop() tears the link down and
// flush() sends any cue frames still queued.
// Mistakes: run_finale() calls on_applause() (a blink) after curtain(), and
// shutdown() runs flush() after stop().
#include <arpa/inet.h>
#include <memory>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class ServoLink {
public:
    ServoLink(std::string host, int port) : host_(std::move(host)), port_(port) { connect(); }
    ~ServoLink() { close(); }

    void send(const std::string& frame) {
        if (fd_ < 0) throw std::runtime_error("servo link closed");
        if (::send(fd_, frame.data(), frame.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("servo link write failed");
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    void reconnect() {
        close();
        connect();
    }
    bool is_closed() const { return fd_ < 0; }

private:
    void connect() {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port_));
        ::inet_pton(AF_INET, host_.c_str(), &a.sin_addr);
        if (fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) close();
        if (fd_ < 0) throw std::runtime_error("servo controller unreachable");
    }
    std::string host_;
    int port_;
    int fd_ = -1;
};

class ShowController {
public:
    explicit ShowController(std::string host) : host_(std::move(host)) {}

    void open() { link_ = std::make_unique<ServoLink>(host_, 4510); }
    void blink(int ms) { link_->send("EYE CLOSE " + std::to_string(ms)); }  // SAME: blink
    void say(const std::string& line) {
        pending_.push_back("JAW " + std::to_string(line.size() * 40));
    }
    void flush() {
        for (const auto& f : pending_) link_->send(f);  // SAME: flush
        pending_.clear();
    }
    void intermission() { link_->close(); }
    void resume_act() {
        if (link_->is_closed()) link_->reconnect();
        link_->send("BROW NEUTRAL");  // OK: reconnected when it was closed
    }
    void curtain() {
        link_->send("BOW");
        link_->close();
    }
    void on_applause() { blink(120); }
    void wink() {
        if (!link_ || link_->is_closed()) return;
        link_->send("EYE WINK L");  // OK: guarded by is_closed()
    }
    void stop() {
        if (link_) link_->close();
    }

private:
    std::string host_;
    std::unique_ptr<ServoLink> link_;
    std::vector<std::string> pending_;
};

void run_second_act(ShowController& show) {
    show.intermission();
    show.wink();  // OK: wink() returns while the link is closed
    show.resume_act();
    show.blink(80);  // OK: resume_act() reconnected the link
    show.say("Gottle of geer");
    show.flush();
}

void run_finale(ShowController& show) {
    show.say("Goodnight everybody");
    show.flush();
    show.curtain();
    show.on_applause();  // BUG: use-after-close #blink
}

void shutdown(ShowController& show) {
    show.say("(late cue)");
    show.stop();
    show.flush();  // BUG: use-after-close #flush
}
