// Guards callers use before talking to a belt feeder. Free functions, friends
// of Feeder, so that they can look at the belt's private state.
#pragma once

class Feeder;

// true while the belt is not halted and its PLC link is up
bool isLive(const Feeder& feeder);
// isLive() and the PLC reports READY
bool canInduct(const Feeder& feeder);
