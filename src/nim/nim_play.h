/* SPDX-License-Identifier: MIT */
/* The plays a closed form takes. */
#ifndef GRUNDY_NIM_PLAY_H
#define GRUNDY_NIM_PLAY_H

#include "play/play.h"

/* GRUNDY_OK if play is one of the two a closed form has (pass the same
 * one twice for a single play); GRUNDY_EINVAL for what is not a play;
 * GRUNDY_ENOTSUP for another play, a method flag included (the closed forms
 * need none). */
static inline int grundy__closed_form_play(int play, int known, int also_known)
{
    if (grundy__play_refusal(play, 1) != NULL)
        return GRUNDY_EINVAL;
    return play == known || play == also_known ? GRUNDY_OK : GRUNDY_ENOTSUP;
}

#endif
