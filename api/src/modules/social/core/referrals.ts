/** Spec §9: referral rewards, and the points an inviter earns for each friend who joins. */
export const REFERRAL_POINTS = 100;

export const referralRewards = [
  {
    id: 'first_referral',
    name: 'First Referral',
    description: '1 friend joined through your invitation',
    required: 1,
  },
  {
    id: 'referral_champion',
    name: 'Referral Champion',
    description: '3 friends joined through your invitations',
    required: 3,
  },
] as const;

export interface RewardView {
  id: string;
  name: string;
  description: string;
  required: number;
  progress: number;
  unlocked: boolean;
}

export interface ReferralSummary {
  points: number;
  friendsJoined: number;
  rewards: RewardView[];
}

export function rewardsFor(friendsJoined: number): RewardView[] {
  return referralRewards.map((r) => ({
    ...r,
    progress: Math.min(friendsJoined, r.required),
    unlocked: friendsJoined >= r.required,
  }));
}
