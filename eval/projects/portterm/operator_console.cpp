// OperatorConsole: the command interpreter behind the operator consoles. Commands arrive
// on the terminal's main event thread, the only thread that disconnects console sessions,
// so a session found connected at the top of handle() stays connected until the command
// itself logs it out.
#include <exception>
#include <sstream>

#include "console.h"
#include "terminal.h"

OperatorConsole::OperatorConsole(Terminal& terminal, std::shared_ptr<ConsoleRegistry> registry)
    : terminal_(terminal), registry_(std::move(registry)) {}

std::string OperatorConsole::handle(int session_id, const std::string& command) {
    auto session = registry_->find(session_id);
    if (!session || !session->connected()) return "ERR no session";
    std::istringstream in(command);
    std::string verb;
    in >> verb;

    if (verb == "STATUS") {
        session->push_update(terminal_.status_line()); // OK: connected() checked at the top, on the only disconnecting thread
        return "OK";
    }
    if (verb == "LOGOUT") {
        registry_->kick(session_id);
        session->push_update("bye " + session->operator_name()); // BUG: use-after-close
        return "OK";
    }
    if (verb == "ESTOP" || verb == "PARK") {
        int crane = -1;
        if (!(in >> crane) || crane < 0 || static_cast<std::size_t>(crane) >= terminal_.cranes().size())
            return "ERR bad crane";
        if (verb == "ESTOP")
            terminal_.emergency_stop(crane);
        else
            terminal_.park_crane(crane);
        registry_->broadcast(verb + " crane " + std::to_string(crane) + " by " + session->operator_name());
        return "OK";
    }
    if (verb == "LANE-CLOSE") {
        int lane = -1;
        if (!(in >> lane) || lane < 0 || static_cast<std::size_t>(lane) >= terminal_.gates().size()) return "ERR bad lane";
        terminal_.close_lane_for_maintenance(lane);
        return "OK";
    }
    if (verb == "EDI-OFF") {
        terminal_.customs()->stop();
        terminal_.edi()->close(); // BUG: double-close
        return "OK";
    }
    if (verb == "KICK") {
        int other = -1;
        if (!(in >> other) || other == session_id) return "ERR bad session";
        registry_->kick(other);
        session->push_update("session " + std::to_string(other) + " logged out"); // OK: another session was kicked, not this one
        return "OK";
    }
    if (verb == "BILLING-ROLL") {
        std::string next;
        if (!(in >> next)) return "ERR missing shift id";
        Status st = terminal_.end_billing_period(next);
        return st.ok() ? "OK" : "ERR " + st.message();
    }
    return "ERR unknown command " + verb;
}
